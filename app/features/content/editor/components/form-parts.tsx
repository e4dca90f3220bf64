/**
 * The pieces every content form is made of (issue 28): a field's ids and aria attributes, a
 * one-line field, a box to tick, a text with a live count of its characters, a titled group of
 * fields, the red ring of a field in error.
 */
import { useState, type ReactNode } from "react";
import { Field, TextArea, TextInput, fieldAria } from "~/components/field";
import { slugify } from "../../items";

/** Messages keyed like the store's error paths ("title", "event.start"). */
export type Errors = Record<string, string>;

/** The dense admin look with the red ring the parents' forms show on a field in error. */
export const INVALID = "aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";

/** The id (from the control's `name`), hint id and error id of a field whose messages are keyed `key`, and the aria attributes of its control. */
export function ids(key: string, errors: Errors, hint = false, name = key) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  return { field: { id, errorId, hintId, error: errors[key] }, aria: fieldAria({ error: errors[key], errorId, hintId }) };
}

/** A one-line text, date or time field. */
/** A text or date field with its hint and message; `required` says so beside the label and to screen readers. */
export function Input({ name, errorKey = name, label, hint, errors, defaultValue, type = "text", className, required = false }: { name: string; errorKey?: string; label: ReactNode; hint?: ReactNode; errors: Errors; defaultValue: string; type?: string; className?: string; required?: boolean }) {
  const { field, aria } = ids(errorKey, errors, !!hint, name);
  return (
    <div className={className}>
      <Field {...field} label={required ? <>{label} <span className="font-normal text-slate-600">(required)</span></> : label} hint={hint}>
        <TextInput look="dense" className={INVALID} id={field.id} name={name} type={type} defaultValue={defaultValue} autoComplete="off" required={required} {...aria} />
      </Field>
    </div>
  );
}

/** A box to tick, across the group's columns, with its message under it. */
export function Checkbox({ name, label, errors, defaultChecked }: { name: string; label: ReactNode; errors: Errors; defaultChecked: boolean }) {
  const { field, aria } = ids(name, errors);
  return (
    <div className="sm:col-span-2">
      <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <input type="checkbox" name={name} id={field.id} defaultChecked={defaultChecked} className="h-4 w-4" {...aria} />
        {label}
      </label>
      {field.error && <p id={field.errorId} className="mt-1 text-sm font-medium text-red-800">{field.error}</p>}
    </div>
  );
}

/** A titled group of fields, two columns from small screens up. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `${title.toLowerCase().replace(/[^a-z]+/g, "-")}-heading`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-lg font-bold text-brand-800">{title}</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}


/** A new item's address: made from `title` until the person types their own; `hint` says where it leads with the value shown. */
export function SlugField({ initial, title, errors, hint }: { initial: string; title: string; errors: Errors; hint: (value: string) => ReactNode }) {
  const [typed, setTyped] = useState<string | null>(initial || null);
  const value = typed ?? slugify(title);
  const { field, aria } = ids("slug", errors, true);
  return (
    <div className="sm:col-span-2">
      <Field {...field} label="Address" hint={hint(value)}>
        <TextInput look="dense" id={field.id} name="slug" value={value} onChange={(e) => setTyped(e.target.value)} className={`font-mono ${INVALID}`} autoComplete="off" {...aria} />
      </Field>
    </div>
  );
}

/**
 * A text whose length matters (a story's summary, a page's title and description): its hint
 * followed by a live count "n of `max` characters", in red outside `min`…`max` (an empty text is
 * the store's to refuse). `rows` 1 is a one-line field.
 */
export function CountedText({ name, label, hint, min = 0, max, errors, defaultValue, rows, testId }: { name: string; label: string; hint: ReactNode; min?: number; max: number; errors: Errors; defaultValue: string; rows: number; testId: string }) {
  const [text, setText] = useState(defaultValue);
  const n = text.trim().length;
  const outside = n > max || (n > 0 && n < min);
  const { field, aria } = ids(name, errors, true);
  const control = { look: "dense" as const, className: INVALID, id: field.id, name, value: text, required: true, ...aria };
  return (
    <Field {...field} label={label} hint={<>{hint} <span className={outside ? "font-semibold text-red-800" : ""} data-testid={testId}>{n} of {max} characters</span></>}>
      {rows === 1 ? <TextInput {...control} onChange={(e) => setText(e.target.value)} autoComplete="off" /> : <TextArea {...control} rows={rows} onChange={(e) => setText(e.target.value)} />}
    </Field>
  );
}
