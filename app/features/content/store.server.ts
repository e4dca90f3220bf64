/**
 * Editing the school's content (issue 28): items, drafts, publishing, revisions. Every write is
 * one transaction that checks the version the editor started from (a second editor saving the
 * same item is told, and nothing is lost), validates the fields with the item's schema
 * (items.ts; nothing invalid is stored), keeps a revision, and, when it changes what visitors
 * see, writes the audit row and bumps `content_state.version`, which every server process reads
 * every half second to render its pages again (published.server.ts).
 *
 * Permissions are the routes' (content.edit to save, content.publish to publish); these
 * functions trust their caller for them.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import type { ContentKind, ContentLocale, RevisionAction } from "~/db/content-values";
import { contentItems, contentRevisions, contentState } from "~/db/schema/content";
import { settings } from "~/db/schema/settings";
import { jsonOf, sqlState } from "~/db/sql.server";
import { recordAudit, type Actor } from "~/core/audit/audit.server";
import { bumpContentVersion } from "~/core/content/version.server";
import { FIELD_SCHEMAS, FIXED_CREATE, FIXED_KINDS, FIXED_UNPUBLISH, fieldErrors, slugSchema, type ContentFields } from "./items";
import { checkBody, checkTokens } from "./markdown-render.server";

export type ContentItemRow = typeof contentItems.$inferSelect;

/** What the admin list shows of an item. */
export type ContentStatus = "draft" | "published" | "changed";

/** An item as the admin reads it: the row with its fields parsed, and its status. */
export type ContentItem<K extends ContentKind = ContentKind> = {
  id: number;
  kind: K;
  slug: string;
  locale: ContentLocale;
  draft: ContentFields[K];
  published: ContentFields[K] | null;
  version: number;
  publishedVersion: number | null;
  /** draft: never published (or unpublished); published: visitors see the draft; changed: the draft has changes not yet published. */
  status: ContentStatus;
  publishedAt: Date | null;
  publishedBy: string | null;
  updatedAt: Date;
  updatedBy: string;
};

function toItem(row: ContentItemRow): ContentItem {
  const published = row.published === null ? null : jsonOf<ContentFields[ContentKind]>(row.published);
  const status: ContentStatus = published === null ? "draft" : row.publishedVersion === row.version ? "published" : "changed";
  return {
    id: row.id,
    kind: row.kind as ContentKind,
    slug: row.slug,
    locale: row.locale as ContentLocale,
    draft: jsonOf(row.draft),
    published,
    version: row.version,
    publishedVersion: row.publishedVersion,
    status,
    publishedAt: row.publishedAt,
    publishedBy: row.publishedBy,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/** Items of `kind` (or all), newest change first. */
export async function listItems(db: Database, kind?: ContentKind): Promise<ContentItem[]> {
  const rows = await db
    .select()
    .from(contentItems)
    .where(kind ? eq(contentItems.kind, kind) : undefined)
    .orderBy(desc(contentItems.updatedAt), desc(contentItems.id));
  return rows.map(toItem);
}

/** One item by id, or null. */
export async function itemById(db: Database, id: number): Promise<ContentItem | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id));
  return row ? toItem(row) : null;
}

/** A save that was not made: field messages (keyed like the form's fields), or a conflict with a newer save. */
export type SaveRefusal =
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "conflict"; current: { version: number; updatedBy: string; updatedAt: Date } }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "fixed"; message: string };
export type SaveResult = { ok: true; item: ContentItem } | SaveRefusal;

/** The fields of `kind` checked by its schema: the parsed fields, or one message per field. */
export function checkFields<K extends ContentKind>(kind: K, input: unknown): { ok: true; fields: ContentFields[K] } | { ok: false; errors: Record<string, string> } {
  const result = (FIELD_SCHEMAS[kind] as unknown as z.ZodType<ContentFields[K]>).safeParse(input);
  const errors = result.success ? {} : fieldErrors(result.error);
  // The body must also render: no unknown {{token}}, no level-1 heading; a page's other words
  // (title, lead, …) may hold tokens too.
  const { body, ...rest } = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const problems: Record<string, string> = {};
  if (typeof body === "string" && !errors.body) problems.body = checkBody(body) ?? "";
  if (kind === "page") for (const [key, value] of Object.entries(rest)) if (!errors[key]) problems[key] = checkTokens(value) ?? "";
  for (const [key, problem] of Object.entries(problems)) if (problem) errors[key] = problem;
  return result.success && Object.keys(errors).length === 0 ? { ok: true, fields: result.data } : { ok: false, errors };
}

async function addRevision(tx: Database, item: ContentItemRow, action: RevisionAction, actor: Actor): Promise<void> {
  await tx.insert(contentRevisions).values({ itemId: item.id, version: item.version, action, data: item.draft, authorId: actor.userId, authorEmail: actor.email });
}

/** The id the audit log names an item by: "news/annual-sports-meet-2026" (plus "/bn" for a translation). */
function auditId(row: Pick<ContentItemRow, "kind" | "slug" | "locale">): string {
  return `${row.kind}/${row.slug}${row.locale === "en" ? "" : `/${row.locale}`}`;
}

/**
 * Creates an item as a draft (version 1, revision "save"). `slug` must be unused for its kind
 * and locale. Resolves to the item, or the refusal: field messages (`slug` for a taken or
 * malformed address).
 */
export async function createItem<K extends ContentKind>(db: Database, actor: Actor, input: { kind: K; slug: string; locale?: ContentLocale; fields: unknown }): Promise<SaveResult> {
  if (FIXED_KINDS.has(input.kind)) return { ok: false, reason: "invalid", errors: { form: FIXED_CREATE } };
  const slug = slugSchema.safeParse(input.slug);
  const checked = checkFields(input.kind, input.fields);
  if (!slug.success || !checked.ok) {
    return { ok: false, reason: "invalid", errors: { ...(checked.ok ? {} : checked.errors), ...(slug.success ? {} : { slug: slug.error.issues[0]!.message }) } };
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contentItems)
        .values({ kind: input.kind, slug: slug.data, locale: input.locale ?? "en", draft: checked.fields, updatedBy: actor.email })
        .returning();
      await addRevision(tx, row!, "save", actor);
      return { ok: true as const, item: toItem(row!) };
    });
  } catch (error) {
    if (sqlState(error) === "23505") return { ok: false, reason: "invalid", errors: { slug: "Another item already uses this address: choose another" } };
    throw error;
  }
}

/**
 * Saves an item's draft from `expectedVersion` (the version the editor's form was made from)
 * and, with `publish`, publishes it in the same transaction (the audit row "content.publish"
 * with the published fields before → after, and the content version bumped). Resolves to the
 * item, or the refusal: invalid fields, a conflict (someone saved a newer version: nothing is
 * written, the editor keeps their text and is told who saved and when), or a missing item.
 */
export async function saveItem(db: Database, actor: Actor, input: { id: number; expectedVersion: number; fields: unknown; publish?: boolean }): Promise<SaveResult> {
  return db.transaction((tx) => saveDraft(tx, actor, { ...input, action: input.publish ? "publish" : "save" }));
}

/** saveItem's work inside the caller's transaction, writing revision `action`. */
async function saveDraft(tx: Database, actor: Actor, input: { id: number; expectedVersion: number; fields: unknown; publish?: boolean; action: RevisionAction }): Promise<SaveResult> {
  const [current] = await tx.select().from(contentItems).where(eq(contentItems.id, input.id)).for("update");
  if (!current) return { ok: false, reason: "missing" } as const;
  const checked = checkFields(current.kind as ContentKind, input.fields);
  if (!checked.ok) return { ok: false, reason: "invalid", errors: checked.errors } as const;
  if (current.version !== input.expectedVersion) {
    return { ok: false, reason: "conflict", current: { version: current.version, updatedBy: current.updatedBy, updatedAt: current.updatedAt } } as const;
  }
  const version = current.version + 1;
  const publishing = input.publish
    ? { published: checked.fields, publishedVersion: version, publishedAt: sql`now()` as unknown as Date, publishedBy: actor.email }
    : {};
  const [row] = await tx
    .update(contentItems)
    .set({ draft: checked.fields, version, updatedAt: sql`now()` as unknown as Date, updatedBy: actor.email, ...publishing })
    .where(eq(contentItems.id, input.id))
    .returning();
  await addRevision(tx, row!, input.action, actor);
  if (input.publish) {
    await recordAudit(tx, {
      actor,
      action: "content.publish",
      entity: "content",
      entityId: auditId(row!),
      before: current.published === null ? null : jsonOf<Record<string, unknown>>(current.published),
      after: checked.fields as Record<string, unknown>,
    });
    await bumpContentVersion(tx);
  }
  return { ok: true as const, item: toItem(row!) };
}

/**
 * Takes an item off the site (its draft stays): audit row "content.unpublish", content version
 * bumped. Refused as a conflict when the item changed since `expectedVersion`, and as "fixed"
 * for a page (items.ts FIXED_KINDS: its route would have nothing to show).
 */
export async function unpublishItem(db: Database, actor: Actor, input: { id: number; expectedVersion: number }): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contentItems).where(eq(contentItems.id, input.id)).for("update");
    if (!current) return { ok: false, reason: "missing" } as const;
    if (FIXED_KINDS.has(current.kind as ContentKind)) return { ok: false, reason: "fixed", message: FIXED_UNPUBLISH } as const;
    if (current.version !== input.expectedVersion) {
      return { ok: false, reason: "conflict", current: { version: current.version, updatedBy: current.updatedBy, updatedAt: current.updatedAt } } as const;
    }
    if (current.published === null) return { ok: true as const, item: toItem(current) };
    const [row] = await tx
      .update(contentItems)
      .set({ published: null, publishedVersion: null, publishedAt: null, publishedBy: null, version: current.version + 1, updatedAt: sql`now()` as unknown as Date, updatedBy: actor.email })
      .where(eq(contentItems.id, input.id))
      .returning();
    await addRevision(tx, row!, "unpublish", actor);
    await recordAudit(tx, { actor, action: "content.unpublish", entity: "content", entityId: auditId(row!), before: jsonOf<Record<string, unknown>>(current.published), after: null });
    await bumpContentVersion(tx);
    return { ok: true as const, item: toItem(row!) };
  });
}

export type Revision = { id: number; version: number; action: RevisionAction; authorEmail: string; at: Date; data: Record<string, unknown> };

/** An item's revisions, newest first. */
export async function revisionsOf(db: Database, itemId: number): Promise<Revision[]> {
  const rows = await db.select().from(contentRevisions).where(eq(contentRevisions.itemId, itemId)).orderBy(desc(contentRevisions.id));
  return rows.map((r) => ({ id: r.id, version: r.version, action: r.action as RevisionAction, authorEmail: r.authorEmail, at: r.at, data: jsonOf(r.data) }));
}

/**
 * Makes an earlier revision's fields the item's draft again (revision "restore"); publishing it
 * is a separate step. Refused as a conflict when the item changed since `expectedVersion`, and
 * as invalid when the revision's fields no longer pass today's rules.
 */
export async function restoreRevision(db: Database, actor: Actor, input: { id: number; revisionId: number; expectedVersion: number }): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const [revision] = await tx
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.id, input.revisionId), eq(contentRevisions.itemId, input.id)));
    if (!revision) return { ok: false, reason: "missing" } as const;
    return saveDraft(tx, actor, { id: input.id, expectedVersion: input.expectedVersion, fields: jsonOf(revision.data), action: "restore" });
  });
}

/** A published item as the public pages read it. */
export type PublishedItem = { kind: ContentKind; slug: string; locale: ContentLocale; fields: Record<string, unknown>; publishedAt: Date };

/** Every published item (any schedule), with the content version they belong to, read in one snapshot. */
export async function readPublished(db: Database): Promise<{ version: number; items: PublishedItem[] }> {
  return db.transaction(
    async (tx) => {
      const [state] = await tx.select({ version: contentState.version }).from(contentState);
      const rows = await tx
        .select({ kind: contentItems.kind, slug: contentItems.slug, locale: contentItems.locale, published: contentItems.published, publishedAt: contentItems.publishedAt })
        .from(contentItems)
        .where(sql`${contentItems.published} IS NOT NULL`)
        .orderBy(asc(contentItems.id));
      return {
        version: Number(state?.version ?? 0),
        items: rows.map((r) => ({ kind: r.kind as ContentKind, slug: r.slug, locale: r.locale as ContentLocale, fields: jsonOf<Record<string, unknown>>(r.published), publishedAt: r.publishedAt ?? new Date(0) })),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The published content's version (content_state), read every half second by every process. */
export async function contentVersion(db: Database): Promise<number> {
  const [state] = await db.select({ version: contentState.version }).from(contentState);
  return Number(state?.version ?? 0);
}

/** The `settings` key recording that the files' items of a kind were copied in ("content_seed:news"). */
const seedKey = (kind: ContentKind) => `content_seed:${kind}`;
/** The first seed's marker (news and notices), before each kind had its own. */
const FIRST_SEED_KEY = "content_seed_version";
const FIRST_SEED_KINDS: readonly ContentKind[] = ["news", "notice"];

/**
 * Copies the content files into the database once per kind, published as they are on the site
 * today (revision "seed" by "system"; published at `publishedAt` when given, the files' last
 * change, else now), so a fresh clone looks as before and a kind that moves to
 * the database later is copied in on the next start. A `settings` row per kind records it: an
 * item the school later deletes does not come back. Resolves to how many items it wrote (0 when
 * every kind given was done). Items whose fields fail today's schema throw: the files are ours.
 */
export async function seedContent(db: Database, items: readonly { kind: ContentKind; slug: string; fields: unknown; publishedAt?: Date }[]): Promise<number> {
  return db.transaction(async (tx) => {
    // Two processes starting at once: the second waits here, then finds the markers.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kva content seed'))`);
    const kinds = [...new Set(items.map((i) => i.kind))];
    const marked = new Set((await tx.select({ key: settings.key }).from(settings).where(inArray(settings.key, [FIRST_SEED_KEY, ...kinds.map(seedKey)]))).map((r) => r.key));
    const due = kinds.filter((k) => !marked.has(seedKey(k)) && !(marked.has(FIRST_SEED_KEY) && FIRST_SEED_KINDS.includes(k)));
    const fresh = items.filter((i) => due.includes(i.kind));
    for (const item of fresh) {
      const checked = checkFields(item.kind, item.fields);
      if (!checked.ok) throw new Error(`Seed content ${item.kind}/${item.slug}: ${Object.entries(checked.errors).map(([k, v]) => `${k}: ${v}`).join("; ")}`);
      const [row] = await tx
        .insert(contentItems)
        .values({ kind: item.kind, slug: item.slug, draft: checked.fields, published: checked.fields, publishedVersion: 1, publishedAt: item.publishedAt ?? (sql`now()` as unknown as Date), publishedBy: "system", updatedBy: "system" })
        .onConflictDoNothing()
        .returning();
      if (row) await addRevision(tx, row, "seed", { userId: null, email: "system", ip: null });
    }
    if (due.length === 0) return 0;
    await tx.insert(settings).values(due.map((k) => ({ key: seedKey(k), value: "1" })));
    await bumpContentVersion(tx);
    return fresh.length;
  });
}
