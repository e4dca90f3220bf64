/**
 * Content pages in the database (issue 28), PGlite or PostgreSQL (DATABASE_URL): the first start
 * copies every content/pages/*.md with its content/pages.ts title, description and keywords,
 * published on the files' last change; what the site shows from the database is what it showed
 * from the files; publishing a new title and description changes the page's search metadata,
 * heading, breadcrumbs and sitemap day; a page is never created nor unpublished in the admin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "~/db/test-database";
import type { Actor } from "~/core/audit/audit.server";
import { kolkataDate } from "~/lib/dates";
import { pages } from "#content/pages";
import { createItem, listItems, saveItem, seedContent, unpublishItem } from "./store.server";
import { pageSeedItems } from "./markdown.server";
import { refreshPublished, resetPublishedForTests } from "./published.server";
import { crumbsFor, getContentPage, pageSeo, pageUpdated } from "./pages.server";
import { sitemapEntries } from "./sitemap.server";

const OWNER: Actor = { userId: "owner-1", email: "owner@test.example", ip: "10.0.0.2" };

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  resetPublishedForTests();
});
afterAll(async () => {
  resetPublishedForTests();
  await t?.dispose();
});

describe("content pages", () => {
  const seeds = pageSeedItems();
  const paths = seeds.map((s) => `/${s.slug}`);

  it("copies every page file once, published on its day, and shows them exactly as the files did", async () => {
    expect(seeds.length).toBeGreaterThanOrEqual(20);
    const fromFiles = paths.map((p) => getContentPage(p));
    expect(await seedContent(t.db, seeds)).toBe(seeds.length);
    expect(await seedContent(t.db, seeds)).toBe(0);
    expect(await refreshPublished(t.db)).toBe(true);
    const items = await listItems(t.db, "page");
    expect(items.map((i) => i.slug).sort()).toEqual(seeds.map((s) => s.slug).sort());
    for (const item of items) expect(item.status, item.slug).toBe("published");
    expect(paths.map((p) => getContentPage(p))).toEqual(fromFiles);
    const principal = getContentPage("/principal");
    expect(principal.seo).toMatchObject({ title: "Principal's Message", updated: "2026-11-21" });
    expect(principal.person?.role).toBe("Principal, Kharagpur Vidya Academy");
    expect(principal.html).toContain("<h2>Board examinations without fear</h2>");
    expect(sitemapEntries(new Date()).find((e) => e.path === "/principal")?.lastmod).toBe("2026-11-21");
    for (const p of pages.filter((e) => !paths.includes(e.path))) expect(pageUpdated(p.path), p.path).toBe("2026-11-21");
  });

  it("shows a published title and description in the search metadata, heading and breadcrumbs, and dates the sitemap by the publish", async () => {
    const [item] = (await listItems(t.db, "page")).filter((i) => i.slug === "overview");
    const description = "Who we are: a co-educational CBSE school at Sadatpur, Kharagpur, teaching Nursery to Class XII on one green campus since 2011.";
    const saved = await saveItem(t.db, OWNER, { id: item!.id, expectedVersion: item!.version, fields: { ...item!.draft, title: "About the School", description }, publish: true });
    expect(saved.ok).toBe(true);
    expect(await refreshPublished(t.db)).toBe(true);
    expect(pageSeo("/overview")).toMatchObject({ title: "About the School", description, updated: kolkataDate(new Date()) });
    expect(getContentPage("/overview").heading).toBe("About the School");
    expect(crumbsFor("/vision").map((c) => c.label)).toEqual(["Home", "About the School", "Vision & Mission"]);
    expect(pageUpdated("/overview")).toBe(kolkataDate(new Date()));
  });

  it("refuses an unknown token in a page's words, a new page and unpublishing one", async () => {
    const [item] = (await listItems(t.db, "page")).filter((i) => i.slug === "principal");
    const bad = await saveItem(t.db, OWNER, { id: item!.id, expectedVersion: item!.version, fields: { ...item!.draft, lead: "Welcome to {{nmae}}, a school that listens to its families." } });
    expect(bad).toEqual({ ok: false, reason: "invalid", errors: { lead: "{{nmae}} is not a school fact this site knows: remove it or check its spelling" } });
    const created = await createItem(t.db, OWNER, { kind: "page", slug: "new-page", fields: item!.draft });
    expect(created).toMatchObject({ ok: false, reason: "invalid", errors: { form: expect.stringMatching(/^Pages cannot be added here/) } });
    expect(await unpublishItem(t.db, OWNER, { id: item!.id, expectedVersion: item!.version })).toMatchObject({ ok: false, reason: "fixed", message: expect.stringMatching(/^A page cannot be unpublished/) });
    expect(getContentPage("/principal").seo.title).toBe("Principal's Message");
  });
});
