/**
 * The editable content items of issue 28 (news and events, notices, calendar entries, job
 * openings, gallery albums, content pages): their fields, the rules each field meets, and when an
 * item is visible. Shared by the admin's forms (hints, the same messages) and the server
 * (app/features/content/store.server.ts validates every save with these schemas, so nothing that
 * fails them is ever stored). Safe on the client.
 *
 * Times: a form's "date and time" is a wall-clock time in India ("2026-11-28T09:00", the value
 * of an `<input type="datetime-local">`); stored as a UTC instant ("2026-11-28T03:30:00.000Z").
 * Dates are calendar days in India ("2026-11-28").
 */
import { z } from "zod";
import type { ContentKind } from "~/db/content-values";
import { calendarCategories } from "#content/calendar";
import { IST_OFFSET, addDays, istMidnight, realDate } from "~/lib/dates";

/** Longest Markdown body, in characters: a long news story is ~10,000; a page must not become a book. */
export const BODY_MAX = 50_000;
/** Longest title of a news story (as the files' schema had it), of a notice, of a calendar entry and of a page. */
export const TITLE_MAX = { news: 100, notice: 120, calendar: 120, page: 100 } as const;
export const SUMMARY_LIMITS = { min: 20, max: 240 } as const;
/** How many characters of a page title search results show (Google cuts at ~600 px): the form's hint, not a rule. */
export const TITLE_SHOWN = 60;
/**
 * A page's meta description: search results show about 120–160 characters (the form's hint and
 * count), and one over `max` is refused (Google's snippet guide: "short and relevant").
 */
export const DESCRIPTION_LIMITS = { hintMin: 120, hintMax: 160, max: 300 } as const;
/** A page's lead under its heading: one or two sentences (as the files' schema had it). */
export const LEAD_LIMITS = { min: 20, max: 400 } as const;
/** At most this many search keywords per page, each at most KEYWORD_MAX characters. */
export const KEYWORDS_MAX = 12;
export const KEYWORD_MAX = 60;

/** Lowercase words of letters and digits joined by single hyphens: an item's slug, an album's. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A slug: lowercase words joined by hyphens, at most 80 characters. */
export const slugSchema = z
  .string()
  .trim()
  .min(1, "Enter the address (for example annual-sports-meet-2026)")
  .max(80, "Keep the address to 80 characters or fewer")
  .regex(SLUG_PATTERN, "Use lowercase letters, digits and single hyphens only (for example annual-sports-meet-2026)");

/** "Annual Sports Meet 2026!" → "annual-sports-meet-2026"; "" when nothing usable is left. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/**
 * An address made of `words` (slugify), at most 80 characters, `fallback` when none is usable;
 * `n` > 1 adds "-n" for a second item with the same words. For kinds whose address is not typed.
 */
export function numberedSlug(words: string, n: number, fallback: string): string {
  const suffix = n > 1 ? `-${n}` : "";
  const base = (slugify(words) || fallback).slice(0, 80 - suffix.length).replace(/-+$/, "");
  return `${base}${suffix}`;
}

/** A calendar entry's address: its first day and title, "2026-12-25-christmas", numbered (`n` > 1) when taken. */
export function calendarSlug(start: string, title: string, n = 1): string {
  return numberedSlug(`${realDate(start) ? start : ""} ${title}`, n, "calendar-entry");
}

/**
 * The UTC instant (ISO string) of a wall-clock time in India, "yyyy-mm-ddThh:mm" (seconds
 * optional); null when it is not a real date and time (30 February, 25:00).
 */
export function istLocalToInstant(local: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m || !realDate(m[1]!) || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return null;
  return new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? "00"}${IST_OFFSET}`).toISOString();
}

/** The `datetime-local` value ("yyyy-mm-ddThh:mm", India) of a stored instant; "" for none. */
export function instantToIstLocal(instant: string | null | undefined): string {
  if (!instant) return "";
  const t = new Date(instant).getTime();
  if (Number.isNaN(t)) return "";
  return new Date(t + 330 * 60_000).toISOString().slice(0, 16);
}

const text = (label: string, max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? `Enter the ${label}` : `Write at least ${min} characters for the ${label}`)
    .max(max, `Keep the ${label} to ${max.toLocaleString("en-IN")} characters or fewer`);

/** A calendar day in India; refuses days that do not exist (30 February). */
const day = (label: string) => z.string().refine((v) => realDate(v) !== null, `Enter the ${label} as a real date`);

/** A stored instant (ISO 8601 UTC). */
const instant = z.iso.datetime({ offset: false });

const body = z.string().max(BODY_MAX, `Keep the text to ${BODY_MAX.toLocaleString("en-IN")} characters or fewer`);

/** How a page refers to an uploaded photo: "/media/<publicId>", the id 32 hex digits (media.server.ts). */
export const MEDIA_PREFIX = "/media/";
export const PUBLIC_ID_PATTERN = /^[0-9a-f]{32}$/;
const isMediaRef = (ref: string) => ref.startsWith(MEDIA_PREFIX) && PUBLIC_ID_PATTERN.test(ref.slice(MEDIA_PREFIX.length));

/** A file of public/images/ by its address ("/images/campus.svg"), served as it is. */
export const PUBLIC_IMAGE_PATH = /^\/images\/[a-z0-9-]+\.(svg|png|webp|avif|jpg)$/;

/**
 * The path of one of the site's own pictures under content/images/ ("people/principal.svg"): the
 * source formats the build makes responsive (scripts/vite/responsive-images.ts). Whether the file
 * exists is checked where it is used (images.server.ts `hasImage`).
 */
const SITE_IMAGE_PATH = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(svg|png|jpe?g|webp)$/;

/** Longest alt text and caption of a picture, in characters (the pictures page, stories, albums and pages alike). */
export const ALT_MAX = 250;
export const CAPTION_MAX = 300;

/** A news story's picture: a file of public/images/ or an uploaded photo. */
export const imageRef = z
  .string()
  .trim()
  .refine((ref) => isMediaRef(ref) || PUBLIC_IMAGE_PATH.test(ref), "Choose a picture from the gallery or upload one");

const schedule = {
  /** When it appears (null: as soon as it is published). */
  publishAt: instant.nullable().default(null),
  /** When it disappears by itself (null: never). */
  unpublishAt: instant.nullable().default(null),
};

const scheduleInOrder = (v: { publishAt: string | null; unpublishAt: string | null }) => !v.publishAt || !v.unpublishAt || v.publishAt < v.unpublishAt;
const SCHEDULE_ORDER = { message: "The time it disappears must be after the time it appears", path: ["unpublishAt"] };

export const newsFieldsSchema = z
  .strictObject({
    title: text("title", TITLE_MAX.news),
    date: day("date"),
    category: z.enum(["News", "Event"]).default("News"),
    summary: text("summary", SUMMARY_LIMITS.max, SUMMARY_LIMITS.min),
    body,
    image: imageRef,
    imageAlt: z.string().trim().max(ALT_MAX, `Keep the picture's description to ${ALT_MAX} characters or fewer`),
    /** For an Event: when (India, "yyyy-mm-dd" or "yyyy-mm-ddThh:mm") and where (default the campus). */
    event: z
      .strictObject({
        start: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, "Enter when the event starts"),
        end: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, "Enter when the event ends")
          .optional(),
        location: z.string().trim().min(3, "Write the place in at least 3 characters").max(200, "Keep the place to 200 characters or fewer").optional(),
      })
      .refine((e) => realDate(e.start.slice(0, 10)) !== null, { message: "Enter a real date for the start", path: ["start"] })
      .refine((e) => !e.end || realDate(e.end.slice(0, 10)) !== null, { message: "Enter a real date for the end", path: ["end"] })
      .refine((e) => !e.end || e.end >= e.start, { message: "The event must end after it starts", path: ["end"] })
      .optional(),
    ...schedule,
  })
  .refine(scheduleInOrder, SCHEDULE_ORDER);
export type NewsFields = z.output<typeof newsFieldsSchema>;

export const noticeFieldsSchema = z
  .strictObject({
    /** The banner's one line, e.g. "School closed tomorrow: heavy rain". */
    title: text("notice", TITLE_MAX.notice),
    /** More detail, shown in the notices list (Markdown; may be empty). */
    body,
    /** Shown from (instant) … until (instant): a closure's start and end. */
    startsAt: instant,
    endsAt: instant,
    /** Whether it shows as the alert banner on every page while it is current. */
    banner: z.boolean().default(true),
    ...schedule,
  })
  .refine((v) => v.startsAt < v.endsAt, { message: "The notice must end after it starts", path: ["endsAt"] })
  .refine(scheduleInOrder, SCHEDULE_ORDER);
export type NoticeFields = z.output<typeof noticeFieldsSchema>;

/** A date of the school calendar: one day, or from `start` to `end` (days in India). */
export const calendarFieldsSchema = z
  .strictObject({
    title: text("title", TITLE_MAX.calendar),
    start: day("first day"),
    /** The last day of a multi-day entry; absent for one day. */
    end: day("last day").optional(),
    category: z.enum(calendarCategories, "Choose a category"),
    /** Shown as "(tentative)" until the official date is announced. */
    tentative: z.boolean().default(false),
    ...schedule,
  })
  .refine((v) => !v.end || !realDate(v.start) || v.end >= v.start, { message: "The last day must be on or after the first day", path: ["end"] })
  .refine(scheduleInOrder, SCHEDULE_ORDER);
export type CalendarFields = z.output<typeof calendarFieldsSchema>;

/** Longest text of an opening's lines, in characters. */
export const OPENING_MAX = { line: 120, qualification: 200, qualifications: 12, experience: 300, howToApply: 1_000 } as const;

/** A job opening (/openings): shown until the end of its closing date in India (`closesAt`). */
export const openingFieldsSchema = z
  .strictObject({
    role: text("role", OPENING_MAX.line),
    subject: text("subject", OPENING_MAX.line),
    /** Teaching or non-teaching; full-time or part-time. */
    type: text("type of post", OPENING_MAX.line),
    qualifications: z
      .array(z.string().trim())
      .min(1, "Enter at least one qualification, one a line")
      .max(OPENING_MAX.qualifications, `List at most ${OPENING_MAX.qualifications} qualifications`)
      .refine((list) => list.every((q) => q.length > 0), "Leave no qualification empty")
      .refine((list) => list.every((q) => q.length <= OPENING_MAX.qualification), `Keep each qualification to ${OPENING_MAX.qualification} characters or fewer`),
    experience: text("experience", OPENING_MAX.experience),
    howToApply: text("application instructions", OPENING_MAX.howToApply),
    /** The last day to apply. */
    closingDate: day("closing date"),
    /** The day it was posted. */
    posted: day("day it was posted"),
    ...schedule,
  })
  .refine((v) => !realDate(v.closingDate) || !realDate(v.posted) || v.posted <= v.closingDate, { message: "The closing date must be on or after the day it was posted", path: ["closingDate"] })
  .refine(scheduleInOrder, SCHEDULE_ORDER);
export type OpeningFields = z.output<typeof openingFieldsSchema>;

/** The most photos one album holds: a long event's pick; more belong in a second album. */
export const ALBUM_MAX_PICTURES = 100;
export const ALBUM_TITLE_MAX = 80;
export const ALBUM_DESCRIPTION_MAX = 300;

/** A gallery photo: an uploaded one ("/media/<publicId>") or one of the site's own pictures by its path. */
export const albumPictureRef = z
  .string()
  .trim()
  .refine((ref) => isMediaRef(ref) || SITE_IMAGE_PATH.test(ref), "Choose a photo from the pictures page");

export const albumFieldsSchema = z
  .strictObject({
    title: text("album's title", ALBUM_TITLE_MAX),
    /** The day of the event it shows (India); albums are listed newest first. */
    date: day("date"),
    description: text("description", ALBUM_DESCRIPTION_MAX, 10),
    pictures: z
      .array(
        z.strictObject({
          image: albumPictureRef,
          alt: text("photo's description", ALT_MAX, 10),
          caption: z.string().trim().max(CAPTION_MAX, `Keep each caption to ${CAPTION_MAX} characters or fewer`),
        }),
      )
      .max(ALBUM_MAX_PICTURES, `An album holds at most ${ALBUM_MAX_PICTURES} photos: make a second album for the rest`),
    ...schedule,
  })
  .refine(scheduleInOrder, SCHEDULE_ORDER);
export type AlbumFields = z.output<typeof albumFieldsSchema>;

/**
 * A picture of a content page: a file under content/images/ ("people/principal.svg"), made
 * responsive at build. Whether the file exists is checked when the page is rendered
 * (images.server.ts); the admin keeps a page's pictures as they are.
 */
const imageKey = z.string().regex(SITE_IMAGE_PATH, "Name a picture under content/images/, for example people/principal.svg");
const alt = (label: string) => text(`${label}'s description`, ALT_MAX, 10);

/**
 * A content page (/overview, /principal, /fee, …): its search title (also the h1 unless
 * `heading` is given), meta description, keywords, the lead under the heading, the Markdown body,
 * and for some pages a picture, the person speaking (a leadership message), highlight cards,
 * pictures and related links. Strings may hold {{tokens}} (filled when rendered). Its address is
 * the site's route (the slug is the path without its slash); it has no schedule.
 */
export const pageFieldsSchema = z
  .strictObject({
    title: text("title", TITLE_MAX.page),
    description: text("description", DESCRIPTION_LIMITS.max),
    keywords: z
      .array(z.string().trim().min(1))
      .max(KEYWORDS_MAX, `Keep to ${KEYWORDS_MAX} keywords or fewer`)
      .refine((ks) => ks.every((k) => k.length <= KEYWORD_MAX), `Keep each keyword to ${KEYWORD_MAX} characters or fewer`)
      .default([]),
    heading: z.string().trim().min(1).max(TITLE_MAX.page, `Keep the heading to ${TITLE_MAX.page} characters or fewer`).optional(),
    lead: text("lead", LEAD_LIMITS.max, LEAD_LIMITS.min),
    body,
    image: imageKey.optional(),
    imageAlt: alt("picture").optional(),
    person: z
      .strictObject({
        name: text("name", 100, 3),
        role: text("role", 150, 3),
        qualification: z.string().trim().min(1).max(200, "Keep the qualification to 200 characters or fewer").optional(),
        image: imageKey,
        imageAlt: alt("portrait"),
      })
      .optional(),
    highlights: z.array(z.strictObject({ title: z.string().min(2), text: z.string().min(10) })).max(6).optional(),
    pictures: z.array(z.strictObject({ image: imageKey, alt: z.string().min(10), caption: z.string().min(3) })).optional(),
    related: z
      .array(z.strictObject({ label: z.string().min(8), to: z.string().regex(/^\/[a-z0-9/#-]*$/, "must be a site path such as /fee") }))
      .max(4)
      .optional(),
  })
  .refine((d) => !d.image === !d.imageAlt, { message: "Describe the picture", path: ["imageAlt"] });
export type PageFields = z.output<typeof pageFieldsSchema>;

export type ContentFields = { news: NewsFields; notice: NoticeFields; calendar: CalendarFields; opening: OpeningFields; album: AlbumFields; page: PageFields };
export const FIELD_SCHEMAS = { news: newsFieldsSchema, notice: noticeFieldsSchema, calendar: calendarFieldsSchema, opening: openingFieldsSchema, album: albumFieldsSchema, page: pageFieldsSchema } as const satisfies Record<ContentKind, z.ZodType>;

/** The kinds as the admin names them. */
export const KIND_LABELS: Record<ContentKind, { one: string; many: string }> = {
  news: { one: "News story or event", many: "News and events" },
  notice: { one: "Notice", many: "Notices" },
  calendar: { one: "Calendar entry", many: "Calendar" },
  opening: { one: "Job opening", many: "Job openings" },
  album: { one: "Gallery album", many: "Gallery albums" },
  page: { one: "Page", many: "Pages" },
};

/** The field an item of each kind is named by in the admin. */
const TITLE_KEYS: Record<ContentKind, string> = { news: "title", notice: "title", calendar: "title", opening: "role", album: "title", page: "title" };

/** What the admin calls an item: its title (an opening's role). */
export function itemTitle(kind: ContentKind, fields: Record<string, unknown>): string {
  return String(fields[TITLE_KEYS[kind]] ?? "");
}

/**
 * The instant (ISO, UTC) an opening closes: the end of its closing date `day` in India, i.e.
 * 18:30 UTC that day ("2026-12-20" → "2026-12-20T18:30:00.000Z"). Throws RangeError for a
 * malformed day.
 */
export function closesAt(day: string): string {
  return istMidnight(addDays(day, 1)).toISOString();
}

/**
 * Kinds whose items are the site's own routes: made on first start from the files, never created
 * or unpublished in the admin (a route without its page would fail).
 */
export const FIXED_KINDS: ReadonlySet<ContentKind> = new Set(["page"]);
/** Why an item of a fixed kind cannot be unpublished. */
export const FIXED_UNPUBLISH = "A page cannot be unpublished: its address is part of the site's menus and links. Change its text and publish it instead.";
/** Why an item of a fixed kind cannot be created in the admin. */
export const FIXED_CREATE = "Pages cannot be added here: each page's address is part of the site. Edit an existing page instead.";

/** The public address of an item, or null for a kind without a page of its own (a notice, a calendar entry, an opening, an album). */
export function itemPath(kind: ContentKind, slug: string): string | null {
  return kind === "news" ? `/news/${slug}` : kind === "page" ? `/${slug}` : null;
}

/**
 * Whether a published item shows at `now`: inside its schedule and, for a notice, between its
 * start and end; for an opening, before the end of its closing date in India. `fields` is the
 * item's published copy.
 */
export function isVisible(kind: ContentKind, fields: { publishAt?: string | null; unpublishAt?: string | null; startsAt?: string; endsAt?: string; closingDate?: string }, now: Date): boolean {
  const t = now.toISOString();
  if (fields.publishAt && t < fields.publishAt) return false;
  if (fields.unpublishAt && t >= fields.unpublishAt) return false;
  if (kind === "notice" && (t < fields.startsAt! || t >= fields.endsAt!)) return false;
  if (kind === "opening" && t >= closesAt(fields.closingDate!)) return false;
  return true;
}

/**
 * The instants (ms) at which some published item appears or disappears by itself (its schedule,
 * a notice's start and end, an opening's close): a page showing content must be rendered again
 * at each (the banner goes at its end time, /openings drops an opening when it closes).
 */
export function scheduleBoundaries(items: readonly { kind: ContentKind; fields: Record<string, unknown> }[]): number[] {
  const keys = ["publishAt", "unpublishAt", "startsAt", "endsAt"];
  const instants = (i: (typeof items)[number]) => {
    const closing = i.kind === "opening" && typeof i.fields.closingDate === "string" && realDate(i.fields.closingDate) ? [closesAt(i.fields.closingDate)] : [];
    return [...keys.map((k) => i.fields[k]), ...closing].filter((v): v is string => typeof v === "string");
  };
  const all = items.flatMap(instants).map((v) => new Date(v).getTime());
  return [...new Set(all.filter((t) => !Number.isNaN(t)))].sort((a, b) => a - b);
}

/** Turns a zod error into one message per form field ("event.start" → "event.start"). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
