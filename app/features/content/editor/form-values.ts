/**
 * The admin's content form (issue 28) as plain strings, and the way between it and an item's
 * stored fields (items.ts): the values a form shows for an item, the values a post carries, and
 * the store's input made from them. Times in the form are wall-clock times in India
 * (`datetime-local` values); stored times are UTC instants. An event's start and end are a date
 * with an optional time. Each kind is one entry of KIND_FORMS (its fields' labels, the way
 * between its form and its fields, a new item's address, its words in the admin), so a new kind
 * is one entry plus its fields' component (components/item-form.tsx). Pure; safe on the client.
 */
import type { ContentKind } from "~/db/content-values";
import { kolkataDate, realDate } from "~/lib/dates";
import { ALBUM_MAX_PICTURES, calendarSlug, instantToIstLocal, istLocalToInstant, numberedSlug, slugify, type AlbumFields, type CalendarFields, type ContentFields, type NewsFields, type NoticeFields, type OpeningFields, type PageFields } from "../items";

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

/** A calendar entry's form: days in India ("yyyy-mm-dd"); `end` empty for one day; `category` as posted (the store refuses an unknown one). */
export type CalendarFormValues = {
  title: string;
  start: string;
  end: string;
  category: string;
  tentative: boolean;
  publishAt: string;
  unpublishAt: string;
};

/** A job opening's form: `qualifications` one a line; days in India. */
export type OpeningFormValues = {
  role: string;
  subject: string;
  type: string;
  qualifications: string;
  experience: string;
  howToApply: string;
  closingDate: string;
  posted: string;
  publishAt: string;
  unpublishAt: string;
};

/**
 * One photo row of an album's form: the photo ("/media/<id>" or a site picture's path), its words,
 * whether it is in the album (a photo uploaded to the album but not in it yet is offered
 * unticked), and the thumbnail the row shows (carried along, never stored).
 */
export type AlbumPictureValues = { image: string; alt: string; caption: string; include: boolean; thumbnail: string };

/** A gallery album's form; its photos in the album's order, those not in it after them. */
export type AlbumFormValues = {
  title: string;
  slug: string;
  date: string;
  description: string;
  pictures: AlbumPictureValues[];
  publishAt: string;
  unpublishAt: string;
};

/**
 * A content page's form: its words (keywords one per line; an empty heading is the title), the
 * speaker's words for a leadership message, and `kept`: the parts the form does not edit (the
 * pictures' files, highlight cards, picture grid, related links) as JSON, posted back as they
 * were so a save keeps them.
 */
export type PageFormValues = {
  title: string;
  description: string;
  keywords: string;
  heading: string;
  lead: string;
  body: string;
  imageAlt: string;
  personName: string;
  personRole: string;
  personQualification: string;
  personImageAlt: string;
  kept: string;
};

/** What a page's form keeps as it is (PageFormValues.kept). */
export type KeptPageParts = Pick<PageFields, "image" | "highlights" | "pictures" | "related"> & { personImage?: string };

export type FormValuesOf = { news: NewsFormValues; notice: NoticeFormValues; calendar: CalendarFormValues; opening: OpeningFormValues; album: AlbumFormValues; page: PageFormValues };
export type FormValues = FormValuesOf[ContentKind];

/** The picture a new story starts with, until the picture picker exists. */
export const DEFAULT_IMAGE = "/images/campus.svg";

/** The schedule every kind has: `datetime-local` values (India). */
type ScheduleValues = { publishAt: string; unpublishAt: string };

/** The store's input made from a form: the fields (still to be checked by items.ts), and the messages of times that are not real times. */
export type FieldsInput = { fields: Record<string, unknown>; errors: Record<string, string> };

/** One kind's form. `V` is its values (plain strings and booleans), `F` its stored fields. */
export type KindForm<V, F> = {
  /** Every field's name as the form labels it, keyed like the store's error paths, in the form's order (diffs and messages). */
  labels: Record<string, string>;
  /** The values of a new item's form at `now`. */
  empty: (now: Date) => V;
  /** The form's values for an item's stored fields (`slug` is the item's address). */
  valuesOf: (fields: F, slug: string) => V;
  /** The values a post carries (missing fields are empty, a box is ticked when present). */
  read: (form: FormData) => V;
  /**
   * The store's input from the values: times turned into instants. Times that are missing or
   * not real are reported in `errors`, keyed like the store's messages; every other rule is the
   * store's (items.ts), so the caller merges both.
   */
  input: (values: V) => FieldsInput;
  /** A new item's address; `n` > 1 is the n-th try after the address was taken. */
  slug: (values: V, n: number) => string;
  /** How many addresses a new item tries: 1 when the person types it. */
  slugTries: number;
  /** The label of the Markdown text, or null for a kind without one. */
  bodyLabel: string | null;
  /** The sentence under a new item's heading: where it shows. */
  intro: string;
  /** The list's button to write one; null for a kind the admin does not create (items.ts FIXED_KINDS). */
  newLabel: string | null;
  /** Whether it has a schedule (appears at, disappears at): a page has none, its route is always there. */
  schedule: boolean;
  /** Ids of the controls a message's key leads to, when not `field-<key>`. */
  controlIds: Record<string, string>;
};

/** "2026-11-28T09:00" → ["2026-11-28", "09:00"]; "2026-11-28" → ["2026-11-28", ""]. */
function splitDateTime(value: string | undefined): [string, string] {
  if (!value) return ["", ""];
  const [day = "", time = ""] = value.split("T");
  return [day, time.slice(0, 5)];
}

/** A text field of a post, at most `max` characters kept (the store refuses long ones with its own message). */
function textOf(form: FormData, name: string, max = 200_000): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** A textarea's text with the browser's CRLF line ends made LF, as Markdown is stored. */
function multiline(form: FormData, name: string): string {
  return textOf(form, name).replace(/\r\n?/g, "\n");
}

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

const SCHEDULE_LABELS = { publishAt: "Appears on the site at", unpublishAt: "Disappears from the site at" };
const scheduleValues = (f: { publishAt: string | null; unpublishAt: string | null }): ScheduleValues => ({ publishAt: instantToIstLocal(f.publishAt), unpublishAt: instantToIstLocal(f.unpublishAt) });
const readSchedule = (form: FormData): ScheduleValues => ({ publishAt: textOf(form, "publishAt"), unpublishAt: textOf(form, "unpublishAt") });
const scheduleInput = (v: ScheduleValues, errors: Record<string, string>) => ({ publishAt: instantOf(v.publishAt, "publishAt", errors, null), unpublishAt: instantOf(v.unpublishAt, "unpublishAt", errors, null) });

/** An event's start or end: "yyyy-mm-dd" or "yyyy-mm-ddThh:mm", from a date and an optional time. */
function eventMoment(day: string, time: string): string {
  const t = time.trim();
  return t ? `${day.trim()}T${t.slice(0, 5)}` : day.trim();
}

/**
 * A news story or event: today's date (India) and the default picture to start with; the event
 * only for an Event (an end time without an end date ends on the start date); the address typed,
 * or made from the title.
 */
const newsForm: KindForm<NewsFormValues, NewsFields> = {
  labels: {
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
    ...SCHEDULE_LABELS,
  },
  empty: (now) => ({ title: "", slug: "", date: kolkataDate(now), category: "News", eventStart: "", eventStartTime: "", eventEnd: "", eventEndTime: "", eventLocation: "", summary: "", body: "", image: DEFAULT_IMAGE, imageAlt: "", publishAt: "", unpublishAt: "" }),
  valuesOf: (f, slug) => {
    const [eventStart, eventStartTime] = splitDateTime(f.event?.start);
    const [eventEnd, eventEndTime] = splitDateTime(f.event?.end);
    return { title: f.title, slug, date: f.date, category: f.category, eventStart, eventStartTime, eventEnd, eventEndTime, eventLocation: f.event?.location ?? "", summary: f.summary, body: f.body, image: f.image, imageAlt: f.imageAlt, ...scheduleValues(f) };
  },
  read: (form) => ({
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
    ...readSchedule(form),
  }),
  input: (v) => {
    const errors: Record<string, string> = {};
    const fields: Record<string, unknown> = { title: v.title, date: v.date, category: v.category, summary: v.summary, body: v.body, image: v.image, imageAlt: v.imageAlt, ...scheduleInput(v, errors) };
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
  },
  slug: (v) => v.slug.trim() || slugify(v.title),
  slugTries: 1,
  bodyLabel: "Text",
  intro: "A news story has its own page under /news/; an event also shows its date, time and place.",
  newLabel: "New news story or event",
  schedule: true,
  controlIds: { "event.start": "field-eventStart", "event.end": "field-eventEnd", "event.location": "field-eventLocation", event: "field-eventStart", category: "field-category-news" },
};

/**
 * A notice: the banner ticked to start with; its address (it has no page of its own, but every
 * item has one) from its start day and banner line, "2026-11-28-school-closed-heavy-rain",
 * numbered when taken.
 */
const noticeForm: KindForm<NoticeFormValues, NoticeFields> = {
  labels: {
    title: "Banner line",
    body: "More detail",
    startsAt: "Shown from",
    endsAt: "Shown until",
    banner: "Alert banner on every page",
    ...SCHEDULE_LABELS,
  },
  empty: () => ({ title: "", body: "", startsAt: "", endsAt: "", banner: true, publishAt: "", unpublishAt: "" }),
  valuesOf: (f) => ({ title: f.title, body: f.body, startsAt: instantToIstLocal(f.startsAt), endsAt: instantToIstLocal(f.endsAt), banner: f.banner, ...scheduleValues(f) }),
  read: (form) => ({ title: textOf(form, "title"), body: multiline(form, "body"), startsAt: textOf(form, "startsAt"), endsAt: textOf(form, "endsAt"), banner: form.has("banner"), ...readSchedule(form) }),
  input: (v) => {
    const errors: Record<string, string> = {};
    const fields = {
      title: v.title,
      body: v.body,
      startsAt: instantOf(v.startsAt, "startsAt", errors, "Enter when the notice starts to show"),
      endsAt: instantOf(v.endsAt, "endsAt", errors, "Enter when the notice stops showing"),
      banner: v.banner,
      ...scheduleInput(v, errors),
    };
    return { fields, errors };
  },
  slug: (v, n) => {
    const day = v.startsAt.slice(0, 10);
    return numberedSlug([realDate(day) ? day : "", v.title].join(" "), n, "notice");
  },
  slugTries: 20,
  bodyLabel: "More detail (optional)",
  intro: "A notice shows in the notices list between its start and end and, if you tick the box, as the alert banner at the top of every page.",
  newLabel: "New notice",
  schedule: true,
  controlIds: {},
};

/** A calendar entry: one day unless a last day is given; its address from its first day and title, numbered when taken. */
const calendarForm: KindForm<CalendarFormValues, CalendarFields> = {
  labels: { title: "Title", start: "First day", end: "Last day", category: "Category", tentative: "Tentative", ...SCHEDULE_LABELS },
  empty: () => ({ title: "", start: "", end: "", category: "event", tentative: false, publishAt: "", unpublishAt: "" }),
  valuesOf: (f) => ({ title: f.title, start: f.start, end: f.end ?? "", category: f.category, tentative: f.tentative, ...scheduleValues(f) }),
  read: (form) => ({ title: textOf(form, "title"), start: textOf(form, "start").trim(), end: textOf(form, "end").trim(), category: textOf(form, "category"), tentative: form.has("tentative"), ...readSchedule(form) }),
  input: (v) => {
    const errors: Record<string, string> = {};
    if (!v.start) errors.start = "Enter the first day";
    const fields = { title: v.title, start: v.start, ...(v.end ? { end: v.end } : {}), category: v.category, tentative: v.tentative, ...scheduleInput(v, errors) };
    return { fields, errors };
  },
  slug: (v, n) => calendarSlug(v.start, v.title, n),
  slugTries: 20,
  bodyLabel: null,
  intro: "A calendar entry shows in the school calendar on the home page until its last day has passed.",
  newLabel: "New calendar entry",
  schedule: true,
  controlIds: {},
};

/** A job opening: posted today (India) to start with; its address from its role, numbered when taken. */
const openingForm: KindForm<OpeningFormValues, OpeningFields> = {
  labels: { role: "Role", subject: "Subject", type: "Type", qualifications: "Qualifications", experience: "Experience", howToApply: "How to apply", closingDate: "Closing date", posted: "Posted on", ...SCHEDULE_LABELS },
  empty: (now) => ({ role: "", subject: "", type: "", qualifications: "", experience: "", howToApply: "", closingDate: "", posted: kolkataDate(now), publishAt: "", unpublishAt: "" }),
  valuesOf: (f) => ({ role: f.role, subject: f.subject, type: f.type, qualifications: f.qualifications.join("\n"), experience: f.experience, howToApply: f.howToApply, closingDate: f.closingDate, posted: f.posted, ...scheduleValues(f) }),
  read: (form) => ({
    role: textOf(form, "role"),
    subject: textOf(form, "subject"),
    type: textOf(form, "type"),
    qualifications: multiline(form, "qualifications"),
    experience: textOf(form, "experience"),
    howToApply: multiline(form, "howToApply"),
    closingDate: textOf(form, "closingDate").trim(),
    posted: textOf(form, "posted").trim(),
    ...readSchedule(form),
  }),
  input: (v) => {
    const errors: Record<string, string> = {};
    if (!v.closingDate) errors.closingDate = "Enter the closing date";
    if (!v.posted) errors.posted = "Enter the day it was posted";
    const qualifications = v.qualifications.split("\n").map((q) => q.trim()).filter(Boolean);
    const fields = { role: v.role, subject: v.subject, type: v.type, qualifications, experience: v.experience, howToApply: v.howToApply, closingDate: v.closingDate, posted: v.posted, ...scheduleInput(v, errors) };
    return { fields, errors };
  },
  slug: (v, n) => numberedSlug(v.role, n, "opening"),
  slugTries: 20,
  bodyLabel: null,
  intro: "An opening shows on /openings until the end of its closing date (India).",
  newLabel: "New opening",
  schedule: true,
  controlIds: {},
};

/** The most photo rows a post is read for: an album's limit and the photos offered besides. */
const ALBUM_ROWS_READ = ALBUM_MAX_PICTURES * 3;

/**
 * A post's photo rows, those ticked first (in the posted order), then the rest. The store numbers
 * its messages by a photo's place among those in the album ("pictures.2.alt"), so with the ticked
 * rows first a message names the row the form shows again.
 */
function readAlbumPictures(form: FormData): AlbumPictureValues[] {
  const all = (name: string) => form.getAll(name).slice(0, ALBUM_ROWS_READ).map((v) => (typeof v === "string" ? v : ""));
  const images = all("pictureImage");
  const [alts, captions, thumbnails] = [all("pictureAlt"), all("pictureCaption"), all("pictureThumbnail")];
  const ticked = new Set(all("pictureInclude"));
  const rows = images.map((image, i) => ({ image, alt: alts[i] ?? "", caption: captions[i] ?? "", include: ticked.has(String(i)), thumbnail: thumbnails[i] ?? "" }));
  return [...rows.filter((r) => r.include), ...rows.filter((r) => !r.include)];
}

/**
 * A gallery album: its address typed or made from its title (fixed after the first save; photos
 * uploaded with that album name are offered in its form), its date, description and photos.
 */
const albumForm: KindForm<AlbumFormValues, AlbumFields> = {
  labels: {
    title: "Title",
    slug: "Address",
    date: "Date",
    description: "Description",
    pictures: "Photos",
    ...SCHEDULE_LABELS,
  },
  empty: (now) => ({ title: "", slug: "", date: kolkataDate(now), description: "", pictures: [], publishAt: "", unpublishAt: "" }),
  valuesOf: (f, slug) => ({
    title: f.title,
    slug,
    date: f.date,
    description: f.description,
    pictures: f.pictures.map((p) => ({ ...p, include: true, thumbnail: "" })),
    ...scheduleValues(f),
  }),
  read: (form) => ({
    title: textOf(form, "title"),
    slug: textOf(form, "slug"),
    date: textOf(form, "date"),
    description: multiline(form, "description"),
    pictures: readAlbumPictures(form),
    ...readSchedule(form),
  }),
  input: (v) => {
    const errors: Record<string, string> = {};
    const pictures = v.pictures.filter((p) => p.include).map(({ image, alt, caption }) => ({ image, alt, caption }));
    return { fields: { title: v.title, date: v.date, description: v.description, pictures, ...scheduleInput(v, errors) }, errors };
  },
  slug: (v) => v.slug.trim() || slugify(v.title),
  slugTries: 1,
  bodyLabel: null,
  intro: "An album shows on /gallery with its photos in order, newest album first, once it has a photo. Save it, upload its photos on the pictures page with the album's address as their album, then tick them here.",
  newLabel: "New gallery album",
  schedule: true,
  controlIds: { pictures: "album-pictures" },
};

/** The parts of a page the form keeps as they are, from its `kept` value; null when it is not such JSON. */
export function keptParts(kept: string): KeptPageParts | null {
  try {
    const parts = JSON.parse(kept || "{}") as unknown;
    return parts && typeof parts === "object" && !Array.isArray(parts) ? (parts as KeptPageParts) : null;
  } catch {
    return null;
  }
}

/**
 * A content page: made on first start from the files, never new in the admin (its address is
 * its route). The form edits its words; the pictures' files and the lists are kept (`kept`).
 */
const pageForm: KindForm<PageFormValues, PageFields> = {
  labels: {
    title: "Title",
    description: "Description",
    keywords: "Keywords",
    heading: "Heading",
    lead: "Lead",
    body: "Text",
    imageAlt: "Description of the picture",
    "person.name": "Name",
    "person.role": "Role",
    "person.qualification": "Qualification",
    "person.imageAlt": "Description of the portrait",
  },
  empty: () => ({ title: "", description: "", keywords: "", heading: "", lead: "", body: "", imageAlt: "", personName: "", personRole: "", personQualification: "", personImageAlt: "", kept: "{}" }),
  valuesOf: (f) => {
    const kept: KeptPageParts = { image: f.image, personImage: f.person?.image, highlights: f.highlights, pictures: f.pictures, related: f.related };
    return {
      title: f.title,
      description: f.description,
      keywords: f.keywords.join("\n"),
      heading: f.heading ?? "",
      lead: f.lead,
      body: f.body,
      imageAlt: f.imageAlt ?? "",
      personName: f.person?.name ?? "",
      personRole: f.person?.role ?? "",
      personQualification: f.person?.qualification ?? "",
      personImageAlt: f.person?.imageAlt ?? "",
      kept: JSON.stringify(kept),
    };
  },
  read: (form) => ({
    title: textOf(form, "title"),
    description: multiline(form, "description"),
    keywords: multiline(form, "keywords"),
    heading: textOf(form, "heading"),
    lead: multiline(form, "lead"),
    body: multiline(form, "body"),
    imageAlt: textOf(form, "imageAlt"),
    personName: textOf(form, "personName"),
    personRole: textOf(form, "personRole"),
    personQualification: textOf(form, "personQualification"),
    personImageAlt: textOf(form, "personImageAlt"),
    kept: textOf(form, "kept"),
  }),
  input: (v) => {
    const errors: Record<string, string> = {};
    const kept = keptParts(v.kept);
    if (!kept) errors.form = "That request was not understood: reload the page and try again.";
    const { image, personImage, highlights, pictures, related } = kept ?? {};
    const fields: Record<string, unknown> = {
      title: v.title,
      description: v.description.replace(/\s*\n\s*/g, " "),
      keywords: v.keywords.split("\n").map((k) => k.trim()).filter(Boolean),
      heading: v.heading.trim() || undefined,
      lead: v.lead.replace(/\s*\n\s*/g, " "),
      body: v.body,
      image,
      imageAlt: image ? v.imageAlt : undefined,
      person: personImage ? { name: v.personName, role: v.personRole, qualification: v.personQualification.trim() || undefined, image: personImage, imageAlt: v.personImageAlt } : undefined,
      highlights,
      pictures,
      related,
    };
    return { fields, errors };
  },
  slug: () => "",
  slugTries: 0,
  bodyLabel: "Text",
  intro: "",
  newLabel: null,
  schedule: false,
  controlIds: { "person.name": "field-personName", "person.role": "field-personRole", "person.qualification": "field-personQualification", "person.imageAlt": "field-personImageAlt", form: "field-title" },
};

/** Each kind's form. */
export const KIND_FORMS: { [K in ContentKind]: KindForm<FormValuesOf[K], ContentFields[K]> } = { news: newsForm, notice: noticeForm, calendar: calendarForm, opening: openingForm, album: albumForm, page: pageForm };

/** The form of `kind` for code that holds any kind's values (a post, a refusal's values). */
export function kindForm(kind: ContentKind): KindForm<FormValues, ContentFields[ContentKind]> {
  return KIND_FORMS[kind] as unknown as KindForm<FormValues, ContentFields[ContentKind]>;
}

/** The values of a new item's form of `kind` at `now`. */
export function emptyFormValues<K extends ContentKind>(kind: K, now: Date): FormValuesOf[K] {
  return KIND_FORMS[kind].empty(now);
}

/** The form's values for an item's stored fields (`slug` is the item's address). */
export function formValuesOf<K extends ContentKind>(kind: K, fields: ContentFields[K], slug: string): FormValuesOf[K] {
  return KIND_FORMS[kind].valuesOf(fields, slug);
}

/** The form values a post carries for `kind`. */
export function readFormValues<K extends ContentKind>(kind: K, form: FormData): FormValuesOf[K] {
  return KIND_FORMS[kind].read(form);
}

/** The store's input for `kind` from the form `values`, with the messages of times that are missing or not real (KindForm.input). */
export function fieldsInput<K extends ContentKind>(kind: K, values: FormValuesOf[K]): FieldsInput {
  return KIND_FORMS[kind].input(values);
}
