/**
 * The school's own content, edited in the admin (issue 28): news and events, notices, calendar
 * entries, job openings, gallery albums, pages (app/db/content-values.ts CONTENT_KINDS). Each item
 * keeps the fields being edited (`draft`) apart from the fields visitors see (`published`, null
 * until published or after unpublishing); both are JSON checked by the item's zod schema
 * (app/features/content/items.ts). `version` grows by one with every change to the row, so a save
 * names the version it started from and a stale one is refused (two editors, nothing lost).
 * Every change also writes a revision: who, when, what, and the whole item as it then was.
 *
 * `content_state` is one row whose `version` grows with every publish and unpublish: each
 * server process reads it every half second and re-renders its pages from memory when it changed
 * (app/features/content/published.server.ts).
 *
 * `content_images` are the photos the school uploads (the gallery of the editor): each is kept
 * as files under DATA_DIR/documents/content/ (so backups carry them) in the sizes the site serves.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CONTENT_KINDS, CONTENT_LOCALES, REVISION_ACTIONS } from "../content-values";

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const contentItems = pgTable(
  "content_items",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    /** The item's address part, e.g. "annual-sports-meet-2026" → /news/annual-sports-meet-2026. */
    slug: text("slug").notNull(),
    locale: text("locale").notNull().default("en"),
    /** The fields as last saved by an editor. */
    draft: jsonb("draft").notNull(),
    /** The fields visitors see; null when not published. */
    published: jsonb("published"),
    /** Grows by one with every change to this row (optimistic lock). */
    version: integer("version").notNull().default(1),
    /** The `version` that was published, so the admin can tell a draft has unpublished changes. */
    publishedVersion: integer("published_version"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: text("published_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** E-mail of whoever saved last ("system" for the first copy from the files). */
    updatedBy: text("updated_by").notNull(),
  },
  (t) => [
    uniqueIndex("content_items_kind_slug_locale_key").on(t.kind, t.slug, t.locale),
    check("content_items_kind_known", sql`${t.kind} IN (${list(CONTENT_KINDS)})`),
    check("content_items_locale_known", sql`${t.locale} IN (${list(CONTENT_LOCALES)})`),
    check("content_items_slug_shape", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    /** The item's `version` this revision made. */
    version: integer("version").notNull(),
    action: text("action").notNull(),
    /** The item's fields as they were after this change. */
    data: jsonb("data").notNull(),
    authorId: text("author_id"),
    authorEmail: text("author_email").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_revisions_item_idx").on(t.itemId, t.id), check("content_revisions_action_known", sql`${t.action} IN (${list(REVISION_ACTIONS)})`)],
);

export const contentState = pgTable(
  "content_state",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(1),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("content_state_one_row", sql`${t.id} = 1`)],
);

export const contentImages = pgTable(
  "content_images",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Random name part of its files, e.g. "k3v9x2…" → /media/k3v9x2…-640.avif. */
    publicId: text("public_id").notNull().unique(),
    /** Describes the picture for people who cannot see it. */
    alt: text("alt").notNull().default(""),
    caption: text("caption").notNull().default(""),
    /** Album slug when it belongs to a gallery album, else null. */
    album: text("album"),
    /** Intrinsic size of the largest copy kept (px). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Widths (px) of the copies kept, each as AVIF and WebP; the largest also as JPEG for social cards. */
    widths: integer("widths").array().notNull(),
    /** Bytes of the upload as received. */
    bytes: integer("bytes").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_images_album_idx").on(t.album, t.id)],
);

