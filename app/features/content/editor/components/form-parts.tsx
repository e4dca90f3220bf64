/**
 * The pieces every content form is made of (issue 28): a field's ids and aria attributes, a
 * one-line field, a text with a live count of its characters, a titled group of fields, the red
 * ring of a field in error.
 */
import { useState, type ReactNode } from "react";
import { Field, TextArea, TextInput, fieldAria } from "~/components/field";

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
export function Input({ name, errorKey = name, label, hint, errors, defaultValue, type = "text", className }: { name: string; errorKey?: string; label: ReactNode; hint?: ReactNode; errors: Errors; defaultValue: string; type?: string; className?: string }) {
  const { field, aria } = ids(errorKey, errors, !!hint, name);
  return (
    <div className={className}>
      <Field {...field} label={label} hint={hint}>
        <TextInput look="dense" className={INVALID} id={field.id} name={name} type={type} defaultValue={defaultValue} autoComplete="off" {...aria} />
      </Field>
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
