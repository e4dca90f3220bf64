/**
 * The form of a content item (issue 28), one per kind, with every field of its schema
 * (items.ts): a news story or event (title, address, date, category, the event's times and
 * place, summary with a live count, body, cover picture and its description, schedule) or a
 * notice (banner line, start and end, the alert banner box, body, schedule). Times are India
 * wall-clock times. Each message shows beside its field and in a list at the top that links to
 * it; the values shown are those posted when a save was refused. The buttons follow the
 * person's permissions: Save draft for every editor; Save and publish for content.publish, and
 * otherwise a sentence naming who may publish. A plain form: it posts without JavaScript (the
 * event's fields hide for a News item by CSS alone).
 */
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/button";
import { DENSE_LABEL_CLASS, Field, LABEL_CLASS, TextArea, TextInput, fieldAria } from "~/components/field";
import type { ContentKind } from "~/db/content-values";
import { SUMMARY_LIMITS, TITLE_MAX, slugify } from "../../items";
import { FIELD_LABELS, type FormValuesOf, type NewsFormValues, type NoticeFormValues } from "../form-values";
import type { BodyPreview } from "../view";
import { BodyEditor } from "./body-editor";
import { ServerPicturePicker } from "../../components/picture-picker";

/** The id of the control a message of `key` (a store error path) is about. */
export function controlIdOf(key: string): string {
  const special: Record<string, string> = { "event.start": "field-eventStart", "event.end": "field-eventEnd", "event.location": "field-eventLocation", event: "field-eventStart", category: "field-category-news" };
  return special[key] ?? `field-${key}`;
}

type Errors = Record<string, string>;

/** The dense admin look with the red ring the parents' forms show on a field in error. */
const INVALID = "aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";

/** The id, hint id and error id of a field, and the aria attributes of its control. */
function ids(key: string, errors: Errors, hint = false) {
  const id = controlIdOf(key);
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  return { field: { id, errorId, hintId, error: errors[key] }, aria: fieldAria({ error: errors[key], errorId, hintId }) };
}

/** A one-line text, date or time field. */
function Input({ name, errorKey = name, label, hint, errors, defaultValue, type = "text", className }: { name: string; errorKey?: string; label: ReactNode; hint?: ReactNode; errors: Errors; defaultValue: string; type?: string; className?: string }) {
  const { field, aria } = ids(errorKey, errors, !!hint);
  return (
    <div className={className}>
      <Field {...field} label={label} hint={hint}>
        <TextInput look="dense" className={INVALID} id={field.id} name={name} type={type} defaultValue={defaultValue} autoComplete="off" {...aria} />
      </Field>
    </div>
  );
}

/** The errors whose field is not on the form (none expected), shown in the list at the top only. */
export function ErrorList({ kind, errors }: { kind: ContentKind; errors: Errors }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {entries.map(([key, message]) => (
        <li key={key}>
          <a href={`#${controlIdOf(key)}`} className="font-semibold text-red-900 underline">{FIELD_LABELS[kind][key] ?? "The form"}: {message}</a>
        </li>
      ))}
    </ul>
  );
}

type Props<K extends ContentKind> = {
  kind: K;
  values: FormValuesOf[K];
  errors: Errors;
  /** The version the form was made from (an existing item), or null for a new one. */
  version: number | null;
  /** An existing story's address (it does not change after the first save). */
  slug: string | null;
  preview: BodyPreview;
  canPublish: boolean;
  /** Who may publish, for an editor who may not ("the Publisher role"). */
  publishNeed: string;
  busy: boolean;
};

export function ItemForm<K extends ContentKind>(props: Props<K>) {
  const { kind, values, errors, version, preview, canPublish, publishNeed, busy } = props;
  return (
    <Form method="post" noValidate className="space-y-6" aria-label={version === null ? "New item" : "Edit item"}>
      {version !== null && <input type="hidden" name="version" value={version} />}
      {kind === "news" ? <NewsFields values={values as NewsFormValues} errors={errors} slug={props.slug} /> : <NoticeFields values={values as NoticeFormValues} errors={errors} />}
      <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <BodyEditor
          id="field-body"
          name="body"
          label={kind === "news" ? "Text" : "More detail (optional)"}
          hint={<>Markdown: **bold**, *italic*, ## heading, - list, [words](https://address). Pasted text from Word or Google Docs keeps its headings, lists, bold, italic and links.</>}
          defaultValue={values.body}
          error={errors.body}
          initialPreview={preview}
        />
      </div>
      <Schedule values={values} errors={errors} />
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4">
        <Button name="intent" value="save" variant={canPublish ? "secondary" : "primary"} size="sm" disabled={busy}>Save draft</Button>
        {canPublish ? (
          <Button name="intent" value="publish" size="sm" disabled={busy}>Save and publish</Button>
        ) : (
          <p className="text-sm text-slate-600" data-testid="read-only-note">You can save drafts; publishing needs {publishNeed}.</p>
        )}
      </div>
    </Form>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `${title.toLowerCase().replace(/[^a-z]+/g, "-")}-heading`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-lg font-bold text-brand-800">{title}</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function NewsFields({ values, errors, slug }: { values: NewsFormValues; errors: Errors; slug: string | null }) {
  const [title, setTitle] = useState(values.title);
  return (
    <Card title="The story">
      <div className="sm:col-span-2">
        <Field {...ids("title", errors, true).field} label="Title" hint={`At most ${TITLE_MAX.news} characters.`}>
          <TextInput look="dense" className={INVALID} id="field-title" name="title" defaultValue={values.title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" required {...ids("title", errors, true).aria} />
        </Field>
      </div>
      {slug === null ? <SlugField initial={values.slug} title={title} errors={errors} /> : (
        <div className="sm:col-span-2">
          <p className={LABEL_CLASS}>Address</p>
          <p className="mt-1 font-mono text-sm text-slate-800">/news/{slug}</p>
          <p className="text-sm text-slate-600">Set at the first save, so links to the story keep working.</p>
        </div>
      )}
      <Input name="date" label="Date" hint="The day of the news, shown on the story." type="date" errors={errors} defaultValue={values.date} />
      <CategoryAndEvent values={values} errors={errors} />
      <div className="sm:col-span-2">
        <SummaryField defaultValue={values.summary} errors={errors} />
      </div>
      <CoverPicture image={values.image} alt={values.imageAlt} errors={errors} />
    </Card>
  );
}

/**
 * The story's picture: a reference ("/media/<id>" for an uploaded photo, "/images/…" for one of
 * the site's) typed or chosen from the school's photos, and its description, which the choice
 * fills when it is empty. Without JavaScript both are plain fields.
 */
function CoverPicture({ image, alt, errors }: { image: string; alt: string; errors: Errors }) {
  const [ref, setRef] = useState(image);
  const [description, setDescription] = useState(alt);
  const [picking, setPicking] = useState(false);
  const picture = ids("image", errors, true);
  const words = ids("imageAlt", errors, true);
  return (
    <>
      <div>
        <Field {...picture.field} label="Cover picture" hint="Choose one of the school's photos, or name a picture of the site, for example /images/campus.svg.">
          <TextInput look="dense" className={INVALID} id={picture.field.id} name="image" value={ref} onChange={(e) => setRef(e.target.value)} autoComplete="off" {...picture.aria} />
        </Field>
        <Button type="button" size="xs" variant="secondary" className="mt-2" aria-expanded={picking} onClick={() => setPicking(!picking)}>
          {picking ? "Close the photos" : "Choose from the photos"}
        </Button>
      </div>
      <div>
        <Field {...words.field} label="Description of the picture" hint="What it shows, for people who cannot see it (at most 300 characters).">
          <TextInput look="dense" className={INVALID} id={words.field.id} name="imageAlt" value={description} onChange={(e) => setDescription(e.target.value)} autoComplete="off" {...words.aria} />
        </Field>
      </div>
      {picking && (
        <div className="sm:col-span-2">
          <ServerPicturePicker
            legend="The school's photos"
            value={ref}
            onChoose={(chosen) => {
              setRef(chosen.ref);
              if (!description.trim() && chosen.alt) setDescription(chosen.alt);
              setPicking(false);
            }}
          />
        </div>
      )}
    </>
  );
}

/** A new story's address: made from the title until the person types their own. */
function SlugField({ initial, title, errors }: { initial: string; title: string; errors: Errors }) {
  const [typed, setTyped] = useState<string | null>(initial || null);
  const value = typed ?? slugify(title);
  const { field, aria } = ids("slug", errors, true);
  return (
    <div className="sm:col-span-2">
      <Field {...field} label="Address" hint={<>The story&apos;s web address: /news/<span className="font-mono">{value || "…"}</span>. Made from the title; lowercase letters, digits and hyphens. It cannot change after the first save.</>}>
        <TextInput look="dense" id={field.id} name="slug" value={value} onChange={(e) => setTyped(e.target.value)} className={`font-mono ${INVALID}`} autoComplete="off" {...aria} />
      </Field>
    </div>
  );
}

function SummaryField({ defaultValue, errors }: { defaultValue: string; errors: Errors }) {
  const [text, setText] = useState(defaultValue);
  const n = text.trim().length;
  const outside = n > SUMMARY_LIMITS.max || (n > 0 && n < SUMMARY_LIMITS.min);
  const { field, aria } = ids("summary", errors, true);
  return (
    <Field
      {...field}
      label="Summary"
      hint={<>Shown on the news cards and in search results: {SUMMARY_LIMITS.min} to {SUMMARY_LIMITS.max} characters. <span className={outside ? "font-semibold text-red-800" : ""} data-testid="summary-count">{n} of {SUMMARY_LIMITS.max} characters</span></>}
    >
      <TextArea look="dense" className={INVALID} id={field.id} name="summary" rows={3} value={text} onChange={(e) => setText(e.target.value)} required {...aria} />
    </Field>
  );
}

function CategoryAndEvent({ values, errors }: { values: NewsFormValues; errors: Errors }) {
  return (
    // The event's fields show only while Event is chosen, by CSS, so it works without JavaScript.
    <div className="contents [&:has(#field-category-news:checked)_[data-event-fields]]:hidden">
      <fieldset>
        <legend className={LABEL_CLASS}>Category</legend>
        <div className="mt-2 flex gap-5">
          {(["News", "Event"] as const).map((c) => (
            <label key={c} className="flex items-center gap-2 text-sm">
              <input type="radio" name="category" value={c} id={`field-category-${c.toLowerCase()}`} defaultChecked={values.category === c} className="h-4 w-4" />
              {c === "News" ? "News" : "Event (with a date, time and place)"}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset data-event-fields className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 p-3 sm:col-span-2 sm:gap-4 lg:grid-cols-4">
        <legend className={`${DENSE_LABEL_CLASS} px-1`}>The event (India time)</legend>
        <Input name="eventStart" errorKey="event.start" label="Starts on" type="date" errors={errors} defaultValue={values.eventStart} />
        <Input name="eventStartTime" label="Start time (optional)" type="time" errors={errors} defaultValue={values.eventStartTime} />
        <Input name="eventEnd" errorKey="event.end" label="Ends on (optional)" type="date" errors={errors} defaultValue={values.eventEnd} />
        <Input name="eventEndTime" label="End time (optional)" type="time" errors={errors} defaultValue={values.eventEndTime} />
        <Input name="eventLocation" errorKey="event.location" label="Place (optional)" hint="Leave empty for the school campus." errors={errors} defaultValue={values.eventLocation} className="col-span-2 lg:col-span-4" />
      </fieldset>
    </div>
  );
}

function NoticeFields({ values, errors }: { values: NoticeFormValues; errors: Errors }) {
  const banner = ids("banner", errors);
  return (
    <Card title="The notice">
      <div className="sm:col-span-2">
        <Field {...ids("title", errors, true).field} label="Banner line" hint={`One line, at most ${TITLE_MAX.notice} characters, for example "School closed tomorrow: heavy rain".`}>
          <TextInput look="dense" className={INVALID} id="field-title" name="title" defaultValue={values.title} autoComplete="off" required {...ids("title", errors, true).aria} />
        </Field>
      </div>
      <Input name="startsAt" label="Shown from" hint="Date and time, India." type="datetime-local" errors={errors} defaultValue={values.startsAt} />
      <Input name="endsAt" label="Shown until" hint="Date and time, India." type="datetime-local" errors={errors} defaultValue={values.endsAt} />
      <div className="sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <input type="checkbox" name="banner" id={banner.field.id} defaultChecked={values.banner} className="h-4 w-4" {...banner.aria} />
          Show as the alert banner on every page
        </label>
        {errors.banner && <p id={banner.field.errorId} className="mt-1 text-sm font-medium text-red-800">{errors.banner}</p>}
      </div>
    </Card>
  );
}

function Schedule({ values, errors }: { values: { publishAt: string; unpublishAt: string }; errors: Errors }) {
  return (
    <Card title="Schedule (optional)">
      <Input name="publishAt" label="Appears on the site at" hint="India time. Empty: as soon as it is published." type="datetime-local" errors={errors} defaultValue={values.publishAt} />
      <Input name="unpublishAt" label="Disappears from the site at" hint="India time. Empty: until it is unpublished." type="datetime-local" errors={errors} defaultValue={values.unpublishAt} />
    </Card>
  );
}
