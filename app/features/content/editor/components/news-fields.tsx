/**
 * The fields of a news story or event (issue 28): title, address (typed for a new story, made
 * from the title until then; fixed after the first save), date, category and, for an Event, its
 * times and place (shown by CSS alone, so it works without JavaScript), summary with a live count,
 * cover picture chosen from the school's photos and its description.
 */
import { useState } from "react";
import { Button } from "~/components/button";
import { DENSE_LABEL_CLASS, Field, LABEL_CLASS, TextInput } from "~/components/field";
import { ALT_MAX, SUMMARY_LIMITS, TITLE_MAX } from "../../items";
import type { NewsFormValues } from "../form-values";
import { ServerPicturePicker, usePickerToggle } from "../../components/picture-picker";
import { Card, CountedText, INVALID, Input, SlugField, ids, type Errors } from "./form-parts";

/** A news story's or event's fields (the text and schedule are the form's). */
export function NewsFields({ values, errors, slug }: { values: NewsFormValues; errors: Errors; slug: string | null }) {
  const [title, setTitle] = useState(values.title);
  return (
    <Card title="The story">
      <div className="sm:col-span-2">
        <Field {...ids("title", errors, true).field} label="Title" hint={`At most ${TITLE_MAX.news} characters.`}>
          <TextInput look="dense" className={INVALID} id="field-title" name="title" defaultValue={values.title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" required {...ids("title", errors, true).aria} />
        </Field>
      </div>
      {slug === null ? <SlugField initial={values.slug} title={title} errors={errors} hint={(value) => <>The story&apos;s web address: /news/<span className="font-mono">{value || "…"}</span>. Made from the title; lowercase letters, digits and hyphens. It cannot change after the first save.</>} /> : (
        <div className="sm:col-span-2">
          <p className={LABEL_CLASS}>Address</p>
          <p className="mt-1 font-mono text-sm text-slate-800">/news/{slug}</p>
          <p className="text-sm text-slate-600">Set at the first save, so links to the story keep working.</p>
        </div>
      )}
      <Input required name="date" label="Date" hint="The day of the news, shown on the story." type="date" errors={errors} defaultValue={values.date} />
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
  const picker = usePickerToggle("Choose from the photos");
  const picture = ids("image", errors, true);
  const words = ids("imageAlt", errors, true);
  return (
    <>
      <div>
        <Field {...picture.field} label="Cover picture" hint="Choose one of the school's photos, or name a picture of the site, for example /images/campus.svg.">
          <TextInput look="dense" className={INVALID} id={picture.field.id} name="image" value={ref} onChange={(e) => setRef(e.target.value)} autoComplete="off" {...picture.aria} />
        </Field>
        <Button size="xs" variant="secondary" className="mt-2" {...picker.toggle} />
      </div>
      <div>
        <Field {...words.field} label="Description of the picture" hint={`What it shows, for people who cannot see it (at most ${ALT_MAX} characters).`}>
          <TextInput look="dense" className={INVALID} id={words.field.id} name="imageAlt" value={description} onChange={(e) => setDescription(e.target.value)} autoComplete="off" {...words.aria} />
        </Field>
      </div>
      {picker.open && (
        <div className="sm:col-span-2">
          <ServerPicturePicker
            legend="The school's photos"
            value={ref}
            onChoose={(chosen) => {
              setRef(chosen.ref);
              if (!description.trim() && chosen.alt) setDescription(chosen.alt);
              picker.close();
            }}
          />
        </div>
      )}
    </>
  );
}

function SummaryField({ defaultValue, errors }: { defaultValue: string; errors: Errors }) {
  return <CountedText name="summary" label="Summary" hint={`Shown on the news cards and in search results: ${SUMMARY_LIMITS.min} to ${SUMMARY_LIMITS.max} characters.`} min={SUMMARY_LIMITS.min} max={SUMMARY_LIMITS.max} errors={errors} defaultValue={defaultValue} rows={3} testId="summary-count" />;
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

