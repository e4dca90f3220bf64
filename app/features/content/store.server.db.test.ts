/**
 * Content editing on the database (issue 28), PGlite or PostgreSQL (DATABASE_URL): the first
 * start copies the news files once, published; a draft saved from a stale version is refused
 * and nothing is written; bad input (a 10,000-character title, 30 February, an h1, an unknown
 * token) is refused with a message per field and nothing is stored; publishing writes the audit
 * row and bumps the content version in the same transaction; every change keeps a revision, and
 * an earlier one can be restored; the in-memory published content follows the version.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "~/db/test-database";
import { auditLog } from "~/db/schema/audit";
import { contentItems, contentRevisions } from "~/db/schema/content";
import { settings } from "~/db/schema/settings";
import type { Actor } from "~/core/audit/audit.server";
import { contentVersion, createItem, itemById, listItems, readPublished, restoreRevision, revisionsOf, saveItem, seedContent, unpublishItem } from "./store.server";
import { newsSeedItems, pageSeedItems } from "./markdown.server";
import { calendarSeedItems, upcomingCalendarItems } from "./calendar";
import { openingSeedItems } from "./openings";
import { calendarSeed } from "#content/seed/calendar";
import { bannerNotice, contentEpoch, contentSeedItems, currentOpenings, refreshPublished, resetPublishedForTests, upcomingCalendar, visibleAlbums, visibleNews, visibleNewsArticle } from "./published.server";
import { albumSeedItems } from "./gallery.server";

const EDITOR: Actor = { userId: "editor-1", email: "editor@test.example", ip: "10.0.0.1" };
const OWNER: Actor = { userId: "owner-1", email: "owner@test.example", ip: "10.0.0.2" };

const news = (over: Record<string, unknown> = {}) => ({
  title: "Inter-house quiz 2026",
  date: "2026-11-20",
  category: "News",
  summary: "Our four houses met in the final of the inter-house quiz in the school hall.",
  body: "## The final\n\nRed house won by two points.",
  image: "/images/campus.svg",
  imageAlt: "The school building",
  ...over,
});

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  resetPublishedForTests();
});
afterAll(async () => {
  resetPublishedForTests();
  await t?.dispose();
});

describe("content store", () => {
  it("copies the news files once, published, and bumps the version", async () => {
    const before = await contentVersion(t.db);
    const seeds = newsSeedItems();
    expect(seeds.length).toBeGreaterThanOrEqual(4);
    expect(await seedContent(t.db, seeds)).toBe(seeds.length);
    expect(await seedContent(t.db, seeds)).toBe(0);
    expect(await contentVersion(t.db)).toBe(before + 1);
    const listed = await listItems(t.db, "news");
    expect(listed.map((i) => i.slug).sort()).toEqual(seeds.map((s) => s.slug).sort());
    expect(listed.every((i) => i.status === "published" && i.updatedBy === "system")).toBe(true);
    const { items } = await readPublished(t.db);
    const file = seeds.find((s) => s.slug === "cbse-results-2024")!;
    expect(items.find((i) => i.slug === "cbse-results-2024")?.fields).toMatchObject({ title: file.fields.title, date: "2024-05-13", body: file.fields.body });
  });

  it("seeds each kind once: a kind moved to the database later is copied in on the next start, a kind the first seed did is not", async () => {
    const notice = (slug: string) => ({ kind: "notice" as const, slug, fields: { title: `Seeded ${slug}`, body: "", startsAt: "2026-01-01T00:00:00.000Z", endsAt: "2026-01-02T00:00:00.000Z" } });
    const before = await contentVersion(t.db);
    // News is done (the test above); notices were never seeded here.
    expect(await seedContent(t.db, [...newsSeedItems(), notice("seed-one")])).toBe(1);
    expect(await contentVersion(t.db)).toBe(before + 1);
    expect(await seedContent(t.db, [notice("seed-one"), notice("seed-two")])).toBe(0);
    // A database seeded before kinds had markers of their own: its one marker covers news and notices.
    await t.db.delete(settings).where(eq(settings.key, "content_seed:notice"));
    await t.db.insert(settings).values({ key: "content_seed_version", value: "1" });
    expect(await seedContent(t.db, [notice("seed-three")])).toBe(0);
    expect((await listItems(t.db, "notice")).map((i) => i.slug)).toEqual(["seed-one"]);
    expect(await contentVersion(t.db)).toBe(before + 1);
  });

  it("copies the calendar, the openings, the gallery's albums and the pages in on the next start of a database seeded before they moved, published as the files have them", async () => {
    const seeds = contentSeedItems();
    expect(await seedContent(t.db, seeds)).toBe(calendarSeedItems().length + openingSeedItems().length + albumSeedItems().length + pageSeedItems().length);
    expect(await seedContent(t.db, seeds)).toBe(0);
    expect((await listItems(t.db, "calendar")).map((i) => i.slug).sort()).toEqual(calendarSeedItems().map((s) => s.slug).sort());
    expect((await listItems(t.db, "opening")).every((i) => i.status === "published" && i.updatedBy === "system")).toBe(true);
    await refreshPublished(t.db);
    const now = new Date("2026-11-27T06:00:00Z");
    expect(upcomingCalendar(now).map((e) => e.title)).toEqual(upcomingCalendarItems(now, 6, calendarSeed).map((i) => i.title));
    expect(currentOpenings(now).map((o) => o.id)).toEqual(["lab-assistant-chemistry", "prt-bengali", "pgt-physics", "tgt-mathematics"]);
    // The laboratory assistant's closing date is 20 Dec 2026: gone at midnight in India, and the pages' epoch turns then.
    const lastMoment = new Date("2026-12-20T18:29:59.999Z");
    const closed = new Date("2026-12-20T18:30:00Z");
    expect(currentOpenings(closed).map((o) => o.id)).not.toContain("lab-assistant-chemistry");
    expect(contentEpoch(closed)).not.toBe(contentEpoch(lastMoment));
  });

  it("refuses bad input with a message per field and stores nothing", async () => {
    const count = async () => (await t.db.select().from(contentItems)).length;
    const n = await count();
    const result = await createItem(t.db, EDITOR, {
      kind: "news",
      slug: "Bad Slug!",
      fields: news({ title: "x".repeat(10_000), date: "2026-02-30", body: "# Top heading\n\n{{nosuch.fact}}" }),
    });
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    if (result.ok || result.reason !== "invalid") throw new Error("expected invalid");
    expect(result.errors.title).toBe("Keep the title to 100 characters or fewer");
    expect(result.errors.date).toBe("Enter the date as a real date");
    expect(result.errors.slug).toMatch(/lowercase letters/);
    expect(await count()).toBe(n);
    const h1 = await createItem(t.db, EDITOR, { kind: "news", slug: "quiz-h1", fields: news({ body: "# Top heading" }) });
    expect(h1.ok || h1.reason !== "invalid" ? null : h1.errors.body).toMatch(/level 1/);
    const token = await createItem(t.db, EDITOR, { kind: "news", slug: "quiz-token", fields: news({ body: "Call {{nosuch.fact}}" }) });
    expect(token.ok || token.reason !== "invalid" ? null : token.errors.body).toMatch(/\{\{nosuch\.fact\}\} is not a school fact/);
    const notice = await createItem(t.db, EDITOR, { kind: "notice", slug: "rain", fields: { title: "Closed", body: "", startsAt: "2026-11-28T00:00:00.000Z", endsAt: "2026-11-27T00:00:00.000Z" } });
    expect(notice.ok || notice.reason !== "invalid" ? null : notice.errors.endsAt).toBe("The notice must end after it starts");
    expect(await count()).toBe(n);
  });

  it("keeps a taken address for its item", async () => {
    const result = await createItem(t.db, EDITOR, { kind: "news", slug: "cbse-results-2024", fields: news() });
    expect(result.ok || result.reason !== "invalid" ? null : result.errors.slug).toBe("Another item already uses this address: choose another");
  });

  it("refuses a save from a stale version and keeps the newer one", async () => {
    const created = await createItem(t.db, EDITOR, { kind: "news", slug: "inter-house-quiz-2026", fields: news() });
    if (!created.ok) throw new Error(JSON.stringify(created));
    const first = await saveItem(t.db, EDITOR, { id: created.item.id, expectedVersion: 1, fields: news({ summary: "The first editor's summary, long enough to pass." }) });
    expect(first.ok).toBe(true);
    const second = await saveItem(t.db, OWNER, { id: created.item.id, expectedVersion: 1, fields: news({ summary: "The second editor's summary, long enough to pass." }) });
    expect(second).toMatchObject({ ok: false, reason: "conflict", current: { version: 2, updatedBy: EDITOR.email } });
    const item = await itemById(t.db, created.item.id);
    expect((item?.draft as { summary?: string } | undefined)?.summary).toBe("The first editor's summary, long enough to pass.");
    expect(item?.status).toBe("draft");
  });

  it("publishes with its audit row and a new content version, and keeps every revision", async () => {
    const [item] = await t.db.select().from(contentItems).where(eq(contentItems.slug, "inter-house-quiz-2026"));
    const version = await contentVersion(t.db);
    const published = await saveItem(t.db, OWNER, { id: item!.id, expectedVersion: item!.version, fields: jsonOf(item!.draft), publish: true });
    if (!published.ok) throw new Error(JSON.stringify(published));
    expect(published.item.status).toBe("published");
    expect(await contentVersion(t.db)).toBe(version + 1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "content.publish"), eq(auditLog.entityId, "news/inter-house-quiz-2026")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: OWNER.email, before: null, entity: "content" });
    expect((audit[0]!.after as Record<string, unknown>).title).toBe("Inter-house quiz 2026");

    const edited = await saveItem(t.db, EDITOR, { id: item!.id, expectedVersion: published.item.version, fields: news({ title: "Inter-house quiz 2026: the final" }) });
    if (!edited.ok) throw new Error("save");
    expect(edited.item.status).toBe("changed");
    expect(edited.item.published).toMatchObject({ title: "Inter-house quiz 2026" });

    const revisions = await revisionsOf(t.db, item!.id);
    expect(revisions.map((r) => r.action)).toEqual(["save", "publish", "save", "save"]);
    const original = revisions.at(-1)!;
    const restored = await restoreRevision(t.db, OWNER, { id: item!.id, revisionId: original.id, expectedVersion: edited.item.version });
    if (!restored.ok) throw new Error("restore");
    expect((restored.item.draft as { summary?: string }).summary).toBe(news().summary);
    expect((await revisionsOf(t.db, item!.id))[0]).toMatchObject({ action: "restore", authorEmail: OWNER.email, version: restored.item.version });
    expect(await restoreRevision(t.db, OWNER, { id: item!.id, revisionId: original.id, expectedVersion: edited.item.version })).toMatchObject({ reason: "conflict" });
  });

  it("shows published content in memory by version, schedule and notice times", async () => {
    expect(await refreshPublished(t.db)).toBe(true);
    expect(await refreshPublished(t.db)).toBe(false);
    const now = new Date("2026-11-27T06:00:00Z");
    expect(visibleNewsArticle("inter-house-quiz-2026", now)?.title).toBe("Inter-house quiz 2026");
    expect(visibleNews(now).map((n) => n.slug)).toContain("cbse-results-2024");

    const notice = await createItem(t.db, EDITOR, {
      kind: "notice",
      slug: "closed-heavy-rain",
      fields: { title: "School closed tomorrow: heavy rain", body: "<script>alert(1)</script>", startsAt: "2026-11-27T03:30:00.000Z", endsAt: "2026-11-28T12:30:00.000Z", banner: true },
    });
    if (!notice.ok) throw new Error(JSON.stringify(notice));
    expect(await refreshPublished(t.db)).toBe(false);
    const epoch = contentEpoch(now);
    const live = await saveItem(t.db, OWNER, { id: notice.item.id, expectedVersion: 1, fields: notice.item.draft, publish: true });
    expect(live.ok).toBe(true);
    expect(await refreshPublished(t.db)).toBe(true);
    expect(contentEpoch(now)).not.toBe(epoch);
    const banner = bannerNotice(now);
    expect(banner?.title).toBe("School closed tomorrow: heavy rain");
    expect(banner?.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(banner?.html).not.toContain("<script");
    expect(bannerNotice(new Date("2026-11-28T12:30:00Z"))).toBeNull();
    expect(contentEpoch(new Date("2026-11-28T12:30:00Z"))).not.toBe(contentEpoch(now));

    if (!live.ok) throw new Error("publish");
    const off = await unpublishItem(t.db, OWNER, { id: notice.item.id, expectedVersion: live.item.version });
    expect(off.ok && off.item.status).toBe("draft");
    expect(await refreshPublished(t.db)).toBe(true);
    expect(bannerNotice(now)).toBeNull();
    const revisions = await t.db.select().from(contentRevisions).where(eq(contentRevisions.itemId, notice.item.id));
    expect(revisions.map((r) => r.action).sort()).toEqual(["publish", "save", "unpublish"]);
  });

  it("shows the gallery's albums newest first, and leaves out a photo that is gone but not its album", async () => {
    const seeds = albumSeedItems();
    await refreshPublished(t.db);
    const now = new Date("2026-11-27T06:00:00Z");
    const shown = visibleAlbums(now);
    expect(shown.map((a) => a.id)).toEqual([...seeds].sort((a, b) => String(b.fields.date).localeCompare(String(a.fields.date))).map((a) => a.slug));
    const campus = shown.find((a) => a.id === "campus")!;
    expect(campus.pictures[0]).toMatchObject({ alt: expect.stringContaining("main school building"), caption: "The main building at Sadatpur" });
    // A seeded picture is the site's own illustration, served as its SVG (decision 036).
    expect(campus.pictures[0]!.src).toMatch(/^\/img\/gallery-campus-main-building\.[0-9a-f]{10}\.svg$/);

    const gone = `/media/${"ab".repeat(16)}`;
    const album = await createItem(t.db, EDITOR, {
      kind: "album",
      slug: "prize-day-2026",
      fields: { title: "Prize day 2026", date: "2026-11-26", description: "Prizes for the best houses.", pictures: [{ image: gone, alt: "A photo whose files were deleted", caption: "" }, { image: "gallery/campus-library.svg", alt: "Two students reading at a table", caption: "The library" }] },
    });
    if (!album.ok) throw new Error(JSON.stringify(album));
    await saveItem(t.db, OWNER, { id: album.item.id, expectedVersion: 1, fields: album.item.draft, publish: true });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await refreshPublished(t.db)).toBe(true);
    const logged = errors.mock.calls.flat().join(" ");
    errors.mockRestore();
    const prize = visibleAlbums(now)[0]!;
    expect(prize).toMatchObject({ id: "prize-day-2026", dateLabel: "26 Nov 2026" });
    expect(prize.pictures.map((p) => p.caption)).toEqual(["The library"]);
    expect(logged).toContain(`A photo is left out of the gallery: album/prize-day-2026: its photo ${gone} is missing`);
  });
});

function jsonOf(value: unknown): Record<string, unknown> {
  return (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;
}
