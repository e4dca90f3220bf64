/**
 * The admin's content form (issue 28) as plain strings, and the way between it and an item's
 * stored fields (items.ts): the values a form shows for an item, the values a post carries, and
 * the store's input made from them. Times in the form are wall-clock times in India
 * (`datetime-local` values); stored times are UTC instants. An event's start and end are a date
 * with an optional time. Pure; safe on the client.
 */
import type { ContentKind } from "~/db/content-values";
import { kolkataDate, realDate } from "~/lib/dates";
import { instantToIstLocal, istLocalToInstant, slugify, type NewsFields, type NoticeFields } from "../items";

/** A news story's or event's form. `eventStart`/`eventEnd` are dates, `…Time` optional times ("hh:mm"). */
export type NewsFormValues = {
  title: string;
  slug: string;
  date: string;
  category: "News" | "Event";
  eventStart: string;
  eventStartTime: string;
  eventEnd: string;
  eventEndTime: string;
  eventLocation: string;
  summary: string;
  body: string;
  image: string;
  imageAlt: string;
  publishAt: string;
  unpublishAt: string;
};

/** A notice's form; `startsAt`, `endsAt` and the schedule are `datetime-local` values (India). */
export type NoticeFormValues = {
  title: string;
  body: string;
  startsAt: string;
  endsAt: string;
  banner: boolean;
  publishAt: string;
  unpublishAt: string;
};

export type FormValuesOf = { news: NewsFormValues; notice: NoticeFormValues };
export type FormValues = NewsFormValues | NoticeFormValues;

/** The picture a new story starts with, until the picture picker exists. */
export const DEFAULT_IMAGE = "/images/campus.svg";

/** Every field's name as the form labels it, keyed like the store's error paths (diffs and messages). */
export const FIELD_LABELS: Record<ContentKind, Record<string, string>> = {
  news: {
    title: "Title",
    slug: "Address",
    date: "Date",
    category: "Category",
    "event.start": "Event starts",
    "event.end": "Event ends",
    "event.location": "Place",
    summary: "Summary",
    body: "Text",
    image: "Cover picture",
    imageAlt: "Description of the picture",
    publishAt: "Appears on the site at",
    unpublishAt: "Disappears from the site at",
  },
  notice: {
    title: "Banner line",
    body: "More detail",
    startsAt: "Shown from",
    endsAt: "Shown until",
    banner: "Alert banner on every page",
    publishAt: "Appears on the site at",
    unpublishAt: "Disappears from the site at",
  },
};

/** The values of a new item's form: today's date (India) and the default picture for a story; the banner ticked for a notice. */
export function emptyFormValues<K extends ContentKind>(kind: K, now: Date): FormValuesOf[K] {
  const news: NewsFormValues = { title: "", slug: "", date: kolkataDate(now), category: "News", eventStart: "", eventStartTime: "", eventEnd: "", eventEndTime: "", eventLocation: "", summary: "", body: "", image: DEFAULT_IMAGE, imageAlt: "", publishAt: "", unpublishAt: "" };
  const notice: NoticeFormValues = { title: "", body: "", startsAt: "", endsAt: "", banner: true, publishAt: "", unpublishAt: "" };
  return (kind === "news" ? news : notice) as FormValuesOf[K];
}

/** "2026-11-28T09:00" → ["2026-11-28", "09:00"]; "2026-11-28" → ["2026-11-28", ""]. */
function splitDateTime(value: string | undefined): [string, string] {
  if (!value) return ["", ""];
  const [day = "", time = ""] = value.split("T");
  return [day, time.slice(0, 5)];
}

/** The form's values for an item's stored fields (`slug` is the item's address). */
export function formValuesOf<K extends ContentKind>(kind: K, fields: FieldsOf[K], slug: string): FormValuesOf[K] {
  if (kind === "news") {
    const f = fields as NewsFields;
    const [eventStart, eventStartTime] = splitDateTime(f.event?.start);
    const [eventEnd, eventEndTime] = splitDateTime(f.event?.end);
    const values: NewsFormValues = {
      title: f.title,
      slug,
      date: f.date,
      category: f.category,
      eventStart,
      eventStartTime,
      eventEnd,
      eventEndTime,
      eventLocation: f.event?.location ?? "",
      summary: f.summary,
      body: f.body,
      image: f.image,
      imageAlt: f.imageAlt,
      publishAt: instantToIstLocal(f.publishAt),
      unpublishAt: instantToIstLocal(f.unpublishAt),
    };
    return values as FormValuesOf[K];
  }
  const f = fields as NoticeFields;
  const values: NoticeFormValues = {
    title: f.title,
    body: f.body,
    startsAt: instantToIstLocal(f.startsAt),
    endsAt: instantToIstLocal(f.endsAt),
    banner: f.banner,
    publishAt: instantToIstLocal(f.publishAt),
    unpublishAt: instantToIstLocal(f.unpublishAt),
  };
  return values as FormValuesOf[K];
}

type FieldsOf = { news: NewsFields; notice: NoticeFields };

/** A text field of a post, at most `max` characters kept (the store refuses long ones with its own message). */
function textOf(form: FormData, name: string, max = 200_000): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** A textarea's text with the browser's CRLF line ends made LF, as Markdown is stored. */
function multiline(form: FormData, name: string): string {
  return textOf(form, name).replace(/\r\n?/g, "\n");
}

/** The form values a post carries for `kind` (missing fields are empty; the banner box is ticked when present). */
export function readFormValues<K extends ContentKind>(kind: K, form: FormData): FormValuesOf[K] {
  const schedule = { publishAt: textOf(form, "publishAt"), unpublishAt: textOf(form, "unpublishAt") };
  if (kind === "news") {
    const values: NewsFormValues = {
      title: textOf(form, "title"),
      slug: textOf(form, "slug"),
      date: textOf(form, "date"),
      category: textOf(form, "category") === "Event" ? "Event" : "News",
      eventStart: textOf(form, "eventStart"),
      eventStartTime: textOf(form, "eventStartTime"),
      eventEnd: textOf(form, "eventEnd"),
      eventEndTime: textOf(form, "eventEndTime"),
      eventLocation: textOf(form, "eventLocation"),
      summary: multiline(form, "summary"),
      body: multiline(form, "body"),
      image: textOf(form, "image"),
      imageAlt: textOf(form, "imageAlt"),
      ...schedule,
    };
    return values as FormValuesOf[K];
  }
  const values: NoticeFormValues = {
    title: textOf(form, "title"),
    body: multiline(form, "body"),
    startsAt: textOf(form, "startsAt"),
    endsAt: textOf(form, "endsAt"),
    banner: form.has("banner"),
    ...schedule,
  };
  return values as FormValuesOf[K];
}

/** The store's input made from a form: the fields (still to be checked by items.ts), and the messages of times that are not real times. */
export type FieldsInput = { fields: Record<string, unknown>; errors: Record<string, string> };

/**
 * An instant from a `datetime-local` value (India): null for an empty optional one; records
 * `message` under `key` when it is required and empty, or not a real date and time.
 */
function instantOf(value: string, key: string, errors: Record<string, string>, required: string | null): string | null {
  if (!value.trim()) {
    if (required) errors[key] = required;
    return null;
  }
  const instant = istLocalToInstant(value);
  if (!instant) errors[key] = "Enter a real date and time, for example 28/11/2026 09:00";
  return instant;
}

/** An event's start or end: "yyyy-mm-dd" or "yyyy-mm-ddThh:mm", from a date and an optional time. */
function eventMoment(day: string, time: string): string {
  const t = time.trim();
  return t ? `${day.trim()}T${t.slice(0, 5)}` : day.trim();
}

/**
 * The store's input for `kind` from the form `values`: times turned into instants, the event
 * only for an Event (an end time without an end date ends on the start date). Times that are
 * missing or not real are reported in `errors`, keyed like the store's messages; every other
 * rule is the store's (items.ts), so the caller merges both.
 */
export function fieldsInput<K extends ContentKind>(kind: K, values: FormValuesOf[K]): FieldsInput {
  const errors: Record<string, string> = {};
  const schedule = { publishAt: instantOf(values.publishAt, "publishAt", errors, null), unpublishAt: instantOf(values.unpublishAt, "unpublishAt", errors, null) };
  if (kind === "news") {
    const v = values as NewsFormValues;
    const fields: Record<string, unknown> = { title: v.title, date: v.date, category: v.category, summary: v.summary, body: v.body, image: v.image, imageAlt: v.imageAlt, ...schedule };
    if (v.category === "Event") {
      if (!v.eventStart.trim()) errors["event.start"] = v.eventStartTime.trim() ? "Enter the day the event starts" : "Enter when the event starts";
      else if (!realDate(v.eventStart.trim())) errors["event.start"] = "Enter a real date for the start";
      const endDay = v.eventEnd.trim() || (v.eventEndTime.trim() ? v.eventStart : "");
      const event: Record<string, string> = { start: eventMoment(v.eventStart, v.eventStartTime) };
      if (endDay.trim()) event.end = eventMoment(endDay, v.eventEndTime);
      if (v.eventLocation.trim()) event.location = v.eventLocation;
      fields.event = event;
    }
    return { fields, errors };
  }
  const v = values as NoticeFormValues;
  const fields = {
    title: v.title,
    body: v.body,
    startsAt: instantOf(v.startsAt, "startsAt", errors, "Enter when the notice starts to show"),
    endsAt: instantOf(v.endsAt, "endsAt", errors, "Enter when the notice stops showing"),
    banner: v.banner,
    ...schedule,
  };
  return { fields, errors };
}

/**
 * The address of a new notice (notices have no page of their own, but every item has one):
 * its start day and banner line, "2026-11-28-school-closed-heavy-rain", at most 80 characters;
 * `n` > 1 adds "-n" for a second notice with the same words.
 */
export function noticeSlug(values: NoticeFormValues, n = 1): string {
  const day = values.startsAt.slice(0, 10);
  const words = [realDate(day) ? day : "", values.title].join(" ");
  const suffix = n > 1 ? `-${n}` : "";
  const base = (slugify(words) || "notice").slice(0, 80 - suffix.length).replace(/-+$/, "");
  return `${base}${suffix}`;
}
