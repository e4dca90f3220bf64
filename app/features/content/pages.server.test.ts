import { describe, expect, it } from "vitest";
import { pages } from "#content/pages";
import { builtPages } from "~/page-routes";
import { crumbsFor, getContentPage, hasContentPage, pageSeo } from "./pages.server";

const built = pages.filter((p) => builtPages[p.path]);

describe("content/pages.ts metadata", () => {
  it("gives every page a unique title and a unique meta description of useful length", () => {
    expect(new Set(built.map((p) => p.title)).size).toBe(built.length);
    for (const p of built) {
      expect(p.description.length, p.path).toBeGreaterThanOrEqual(70);
      expect(p.description.length, p.path).toBeLessThanOrEqual(170);
      expect(p.keywords?.length ?? 0, p.path).toBeGreaterThan(0);
      expect(p.updated, p.path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(built.map((p) => p.description)).size).toBe(built.length);
  });

  it("has a breadcrumb trail from Home for every built page, through real pages", () => {
    for (const p of built) {
      const crumbs = crumbsFor(p.path);
      expect(crumbs[0]).toEqual({ label: "Home", path: "/" });
      expect(crumbs.at(-1)).toEqual({ label: p.title, path: p.path });
      for (const c of crumbs.slice(1)) expect(pages.some((q) => q.path === c.path), c.path).toBe(true);
    }
    expect(crumbsFor("/fee").map((c) => c.path)).toEqual(["/", "/admissions-overview", "/fee"]);
  });

  it("has prose for every built page, with a social image of 1200 px", () => {
    for (const p of built) {
      expect(hasContentPage(p.path), p.path).toBe(true);
      const page = getContentPage(p.path);
      expect(page.html, p.path).not.toMatch(/\{\{|<h1/);
      expect(page.seo.image.width).toBe(1200);
    }
    expect(() => pageSeo("/no-such-page")).toThrow(/no published page/);
  });
});
