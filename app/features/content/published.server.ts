/**
 * The published content every public page reads (issue 28), held in memory: news and events,
 * notices, the school calendar, job openings, gallery albums, content pages. Loaded from the
 * database at start and again whenever `content_state.version` changes (each process reads it
 * every CONTENT_POLL_MS; a publish in any process bumps it), so a publish is visible in every
 * process within about a second plus one render. Loaders read it synchronously and decide what
 * shows at their render instant (`renderInstant`): scheduled items, notices and openings appear
 * and disappear by themselves.
 *
 * Before the database is read (a unit test) the content is the seed files' (content/news/*.md,
 * content/seed/, content/gallery.ts, content/pages/*.md with content/pages.ts), exactly what a
 * fresh database holds, at version 0.
 *
 * `contentEpoch(now)` names what pages show at `now`: the version and how many schedule
 * boundaries have passed. server/page-cache.ts keeps a rendered page while its epoch holds.
 */
import type { Database } from "~/db/client.server";
import type { ContentKind, ContentLocale } from "~/db/content-values";
import { formatDisplayDate, formatDateTime } from "~/lib/dates";
import { messageOf } from "~/lib/errors";
import { calendarSeedItems, toCalendarEntry, upcomingCalendarItems, type CalendarEntry } from "./calendar";
import { isVisible, itemPath, scheduleBoundaries, type AlbumFields, type CalendarFields, type NewsFields, type NoticeFields, type OpeningFields, type PageFields } from "./items";
import { byClosingDate, openingSeedItems, toOpeningView, type OpeningView } from "./openings";
import { albumSeedItems } from "./gallery.server";
import type { GalleryAlbum } from "./components/gallery-page";
import { picture } from "./images.server";
import { newsSeedItems, pageSeedItems, type NewsItem, type NewsPicture } from "./markdown.server";
import { mediaPicture, mediaSources, publicIdOfRef, type MediaImage } from "./media";
import { photosByPublicId } from "./media.server";
import { interpolateValues, renderEditedMarkdown } from "./markdown-render.server";
import { contentVersion, readPublished, type PublishedItem } from "./store.server";

/** How often each process reads the content version (ms). */
export const CONTENT_POLL_MS = 500;

/** A news story or event as pages show it. */
export type NewsView = NewsItem & {
  html: string;
  publishAt: string | null;
  unpublishAt: string | null;
  locale: ContentLocale;
  /** When it was last published (ISO instant), null for the seed files. */
  publishedAt: string | null;
};

/** A notice as pages show it: the banner's line and the notices list's entry. */
export type NoticeView = {
  slug: string;
  title: string;
  html: string;
  startsAt: string;
  endsAt: string;
  banner: boolean;
  /** "Until 28 Nov 2026, 6:00 PM" (India). */
  untilLabel: string;
  publishAt: string | null;
  unpublishAt: string | null;
};

/** An item's view with the schedule it is shown by. */
type Scheduled<T> = { view: T; fields: { publishAt: string | null; unpublishAt: string | null; closingDate?: string } };

/** A gallery album as /gallery shows it, with its schedule. */
export type AlbumView = GalleryAlbum & { publishAt: string | null; unpublishAt: string | null };

/** A content page as its route shows it: the fields with {{tokens}} filled (the body too, as HTML), and when it was last published. */
export type PageView = {
  slug: string;
  locale: ContentLocale;
  fields: Omit<PageFields, "body">;
  html: string;
  /** When it was last published (ISO instant): the sitemap's lastmod. */
  publishedAt: string;
};

type Snapshot = { version: number; news: NewsView[]; notices: NoticeView[]; calendar: Scheduled<CalendarEntry>[]; openings: Scheduled<OpeningView>[]; albums: AlbumView[]; pages: Map<string, PageView>; boundaries: number[] };

/** Uploaded photos by public id (media.server.ts `photosByPublicId`). */
type Photos = ReadonlyMap<string, MediaImage>;

/** The uploaded photo `ref` names ("/media/<id>"), or null when it names a site picture. Throws Error (naming `name`) when that photo is gone. */
function uploadedPhoto(ref: string, photos: Photos, name: string): MediaImage | null {
  const id = publicIdOfRef(ref);
  if (!id) return null;
  const photo = photos.get(id);
  if (!photo) throw new Error(`${name}: its photo ${ref} is missing`);
  return photo;
}

/** A story's picture: an uploaded photo's sizes, or a file of public/images/ as it is (640 × 480 as the cards lay it out). */
function pictureOf(ref: string, photos: Photos, name: string): NewsPicture {
  const photo = uploadedPhoto(ref, photos, name);
  if (!photo) return { src: ref, srcSet: "", width: 640, height: 480, social: ref };
  const sources = mediaSources(photo);
  return { src: sources.src, srcSet: sources.webp, width: sources.width, height: sources.height, social: sources.social };
}

function newsView(item: Pick<PublishedItem, "slug" | "locale" | "fields"> & { publishedAt?: Date }, photos: Photos): NewsView {
  const f = item.fields as NewsFields;
  const { body, publishAt, unpublishAt, ...card } = f;
  return {
    ...card,
    slug: item.slug,
    locale: item.locale,
    dateLabel: formatDisplayDate(f.date),
    href: itemPath("news", item.slug)!,
    picture: pictureOf(f.image, photos, `news/${item.slug}`),
    html: renderEditedMarkdown(body, `news/${item.slug}`),
    publishAt,
    unpublishAt,
    publishedAt: item.publishedAt?.toISOString() ?? null,
  };
}

/**
 * An album's view: each photo as <Picture> takes it (an uploaded photo's sizes, or a site
 * picture's made at build). A photo that cannot be found (deleted files, a path that is not a
 * site picture) is left out and logged; the rest of the album still shows.
 */
function albumView(item: Pick<PublishedItem, "slug" | "fields">, photos: Photos): AlbumView {
  const f = item.fields as AlbumFields;
  const pictures = f.pictures.flatMap((p) => {
    try {
      const photo = uploadedPhoto(p.image, photos, `album/${item.slug}`);
      return [{ ...(photo ? mediaPicture({ ...photo, alt: p.alt }) : picture(p.image, p.alt)), caption: p.caption }];
    } catch (error) {
      console.error(`A photo is left out of the gallery: ${messageOf(error)}`);
      return [];
    }
  });
  return { id: item.slug, title: f.title, date: f.date, dateLabel: formatDisplayDate(f.date), description: f.description, pictures, publishAt: f.publishAt, unpublishAt: f.unpublishAt };
}

function noticeView(item: Pick<PublishedItem, "slug" | "fields">): NoticeView {
  const f = item.fields as NoticeFields;
  return {
    slug: item.slug,
    title: f.title,
    html: f.body ? renderEditedMarkdown(f.body, `notice/${item.slug}`) : "",
    startsAt: f.startsAt,
    endsAt: f.endsAt,
    banner: f.banner,
    untilLabel: `Until ${formatDateTime(new Date(f.endsAt))}`,
    publishAt: f.publishAt,
    unpublishAt: f.unpublishAt,
  };
}

function pageView(item: Pick<PublishedItem, "slug" | "locale" | "fields"> & { publishedAt?: Date }): PageView {
  const name = `page/${item.slug}`;
  const { body, ...fields } = item.fields as PageFields;
  return { slug: item.slug, locale: item.locale, fields: interpolateValues(fields, name) as PageView["fields"], html: renderEditedMarkdown(body, name), publishedAt: (item.publishedAt ?? new Date(0)).toISOString() };
}

/** The key of a page in the snapshot: "principal/en". */
const pageKey = (slug: string, locale: ContentLocale) => `${slug}/${locale}`;

/** Builds the snapshot from published items; an item that no longer renders is left out and logged (it passed its checks when saved). */
function snapshotOf(version: number, items: readonly (Pick<PublishedItem, "kind" | "slug" | "locale" | "fields"> & { publishedAt?: Date })[], photos: Photos = new Map()): Snapshot {
  const news: NewsView[] = [];
  const notices: NoticeView[] = [];
  const albums: AlbumView[] = [];
  const calendar: Scheduled<CalendarEntry>[] = [];
  const openings: Scheduled<OpeningView>[] = [];
  const pages = new Map<string, PageView>();
  for (const item of items) {
    try {
      if (item.kind === "news") news.push(newsView(item, photos));
      else if (item.kind === "notice") notices.push(noticeView(item));
      else if (item.kind === "album") albums.push(albumView(item, photos));
      else if (item.kind === "calendar") calendar.push({ view: toCalendarEntry(item.fields as CalendarFields), fields: item.fields as CalendarFields });
      else if (item.kind === "opening") openings.push({ view: toOpeningView(item.slug, item.fields as OpeningFields), fields: item.fields as OpeningFields });
      else if (item.kind === "page") pages.set(pageKey(item.slug, item.locale), pageView(item));
    } catch (error) {
      console.error(`Published ${item.kind}/${item.slug} could not be rendered; left off the site: ${messageOf(error)}`);
    }
  }
  news.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  notices.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.slug.localeCompare(b.slug));
  openings.sort((a, b) => byClosingDate(a.view, b.view));
  albums.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
  return { version, news, notices, calendar, openings, albums, pages, boundaries: scheduleBoundaries(items) };
}

/** An item of the content files; a page keeps the day its file was last changed as its publish time. */
export type SeedItem = { kind: ContentKind; slug: string; fields: Record<string, unknown>; publishedAt?: Date };

/** Every item of the content files (content/news/*.md, content/seed/, content/gallery.ts, content/pages/): the database's first copy (store.server.ts `seedContent`) and the content before it is read. */
export function contentSeedItems(): SeedItem[] {
  return [...newsSeedItems(), ...calendarSeedItems(), ...openingSeedItems(), ...albumSeedItems(), ...pageSeedItems()];
}

let seedSnapshot: Snapshot | undefined;
let current: Snapshot | undefined;

function snapshot(): Snapshot {
  if (current) return current;
  seedSnapshot ??= snapshotOf(
    0,
    contentSeedItems().map((i) => ({ ...i, locale: "en" as const })),
  );
  return seedSnapshot;
}

/** The published content's version in memory (0 before the database was read). */
export function loadedContentVersion(): number {
  return current?.version ?? 0;
}

/**
 * What pages show at `now`: "<version>.<boundaries passed>". It changes when something is
 * published or unpublished, and when a scheduled item or a notice appears or ends.
 */
export function contentEpoch(now: Date): string {
  const s = snapshot();
  const t = now.getTime();
  let passed = 0;
  while (passed < s.boundaries.length && s.boundaries[passed]! <= t) passed++;
  return `${s.version}.${passed}`;
}

/** Published news and events visible at `now` in `locale` (English when an item has no such variant), newest first; `limit` caps the count. */
export function visibleNews(now: Date, options: { limit?: number; locale?: ContentLocale } = {}): NewsView[] {
  const locale = options.locale ?? "en";
  const shown = snapshot().news.filter((n) => isVisible("news", n, now));
  const bySlug = new Map<string, NewsView>();
  for (const n of shown) if (n.locale === "en" || n.locale === locale) if (!bySlug.has(n.slug) || n.locale === locale) bySlug.set(n.slug, n);
  return [...bySlug.values()].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)).slice(0, options.limit ?? Infinity);
}

/** One visible story by slug, or null. */
export function visibleNewsArticle(slug: string, now: Date, locale: ContentLocale = "en"): NewsView | null {
  return visibleNews(now, { locale }).find((n) => n.slug === slug) ?? null;
}

/** Notices current at `now` (between start and end, inside their schedule), soonest-ending first. */
export function currentNotices(now: Date): NoticeView[] {
  return snapshot()
    .notices.filter((n) => isVisible("notice", n, now))
    .sort((a, b) => a.endsAt.localeCompare(b.endsAt));
}

/** Gallery albums visible at `now` (inside their schedule, with a photo at least), newest first. */
export function visibleAlbums(now: Date): AlbumView[] {
  return snapshot().albums.filter((a) => a.pictures.length > 0 && isVisible("album", a, now));
}

/** The alert banner at `now`: the current notice marked as a banner that ends first, or null. */
export function bannerNotice(now: Date): NoticeView | null {
  return currentNotices(now).find((n) => n.banner) ?? null;
}

/** The next `limit` entries of the school calendar published and visible at `now`, from the day in India (calendar.ts `upcomingCalendarItems`). */
export function upcomingCalendar(now: Date, limit = 6): CalendarEntry[] {
  const shown = snapshot().calendar.filter((c) => isVisible("calendar", c.fields, now));
  return upcomingCalendarItems(now, limit, shown.map((c) => c.view));
}

/** The job openings published and open at `now` (until the end of the closing date in India), soonest closing first. */
export function currentOpenings(now: Date): OpeningView[] {
  return snapshot()
    .openings.filter((o) => isVisible("opening", o.fields, now))
    .map((o) => o.view);
}

/** The published page at `/<slug>` in `locale`, or its English one when it has no such variant; null when there is none. */
export function publishedPage(slug: string, locale: ContentLocale = "en"): PageView | null {
  const pages = snapshot().pages;
  return pages.get(pageKey(slug, locale)) ?? pages.get(pageKey(slug, "en")) ?? null;
}

let newsPaths = { epoch: "", paths: [] as string[] };

/**
 * The /news/<slug> paths of the stories visible at `now`: pages the server keeps in memory.
 * Asked on every request (server/page-cache.ts), so it is worked out once per content epoch.
 */
export function visibleNewsPaths(now: Date): string[] {
  const epoch = contentEpoch(now);
  if (epoch !== newsPaths.epoch) newsPaths = { epoch, paths: visibleNews(now).map((n) => n.href) };
  return newsPaths.paths;
}

/** The pictures an item refers to: a story's cover, an album's photos. */
function photoRefs(item: Pick<PublishedItem, "fields">): string[] {
  const { image, pictures } = item.fields as { image?: unknown; pictures?: unknown };
  const listed = Array.isArray(pictures) ? pictures.map((p: { image?: unknown }) => p.image) : [];
  return [image, ...listed].filter((r): r is string => typeof r === "string");
}

/**
 * Reads the content version and, when it differs from the one in memory, the published
 * content. Resolves to whether the content changed. Throws what the database throws.
 */
export async function refreshPublished(db: Database): Promise<boolean> {
  if (current && (await contentVersion(db)) === current.version) return false;
  const { version, items } = await readPublished(db);
  if (current && version === current.version) return false;
  const refs = items.flatMap(photoRefs).map(publicIdOfRef).filter((id): id is string => id !== null);
  current = snapshotOf(version, items, refs.length > 0 ? await photosByPublicId(db, refs) : new Map());
  return true;
}

/**
 * Keeps the content in memory current: reads it now, then the version every `intervalMs`. A
 * failed read is logged once until reads work again (the
 * pages keep the content they have). Returns a function that stops it.
 */
export function watchPublished(getDb: () => Promise<Database>, options: { intervalMs?: number } = {}): () => void {
  let stopped = false;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await refreshPublished(await getDb());
      if (failing) console.error("Published content is read again.");
      failing = false;
    } catch (error) {
      if (!failing) console.error(`Published content could not be read; pages keep what they show: ${messageOf(error)}`);
      failing = true;
    }
    if (!stopped) timer = setTimeout(() => void tick(), options.intervalMs ?? CONTENT_POLL_MS).unref();
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Forgets the content read from the database (tests). */
export function resetPublishedForTests(): void {
  current = undefined;
  newsPaths = { epoch: "", paths: [] };
}
