/**
 * The kinds of editable content (issue 28) and the languages an item may carry, as stored in
 * content_items. Safe on the client.
 *
 * - news: a news story or an event (schema.org NewsArticle / Event), /news/<slug>;
 * - notice: a notice, optionally the site-wide alert banner between its start and end;
 * - calendar: a date of the school calendar (the home page lists the next ones);
 * - opening: a job opening, on /openings until the end of its closing date in India;
 * - album: a gallery album on /gallery: its photos with their captions, in order;
 * - page: the prose and search metadata of a content page (/overview, /principal, /fee, …),
 *   whose address is fixed by the site's routes.
 *
 * Locales: English is the site's language; an item may later have a Bengali or Hindi variant
 * under the same slug, and a page without one falls back to English.
 */
export const CONTENT_KINDS = ["news", "notice", "calendar", "opening", "album", "page"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_LOCALES = ["en", "bn", "hi"] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

/** What a revision records: a draft saved, a publish, an unpublish, a restore of an earlier revision, or the first copy from the files. */
export const REVISION_ACTIONS = ["save", "publish", "unpublish", "restore", "seed"] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];
