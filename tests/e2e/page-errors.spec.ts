/**
 * No page throws in the browser: every public and admin page of the app's own route table
 * (app/routes.ts, so a new page is covered the day it is added) is opened in Chromium and must
 * hydrate without a `pageerror` (an uncaught error, React's hydration mismatch #418 included)
 * and without a console error. Resource routes (files ending .ts: JSON, CSV, PDF, sitemap) are
 * not pages; dynamic segments get sample values; /admin is opened with every date range.
 */
import { readdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { DATE_RANGES } from "../../app/features/analytics/figures/ranges";
import { E2E_ADMIN } from "./env";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";

/** Sample values for the route table's dynamic segments. */
const newsSlugs = readdirSync("content/news").filter((f) => f.endsWith(".md")).map((f) => f.slice(0, -3));
const samples: Record<string, string[]> = {
  slug: newsSlugs,
  applicationId: ["3f1c9a7e-2b4d-4c1e-9a55-0d2f8e6b7a10"],
  hash: ["9c2e4b1a7d"],
  "*": ["no-such-page"],
};

/** Every URL path of a page (a .tsx route module) in the route table, dynamic segments filled in. */
function pagePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.file.endsWith(".tsx") && (entry.index || entry.path !== undefined) ? expand(path) : [];
    return [...own, ...pagePaths(entry.children ?? [], path)];
  });
}

function expand(path: string): string[] {
  let paths = [`/${path}`.replace(/\/+/g, "/")];
  for (const [name, values] of Object.entries(samples)) {
    const token = name === "*" ? "*" : `:${name}`;
    paths = paths.flatMap((p) => (p.split("/").includes(token) ? values.map((v) => p.split("/").map((s) => (s === token ? v : s)).join("/")) : [p]));
  }
  return paths;
}

const all = [...new Set(pagePaths(routes))];
const isAdmin = (path: string) => path === "/admin" || path.startsWith("/admin/");
const publicPages = all.filter((p) => !isAdmin(p) || p === "/admin/login");
const adminPages = [...all.filter((p) => isAdmin(p) && p !== "/admin/login"), ...DATE_RANGES.map((r) => `/admin?range=${r}`)];

/** Collects page errors and console errors while `visit` runs, then expects none. */
async function expectNoErrors(page: Page, visit: () => Promise<void>) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
  });
  await visit();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Lazily loaded parts (the dashboard's charts) arrive after hydration.
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
}

test.describe("no page error", () => {
  test("the route table yields the pages this check walks", () => {
    expect(publicPages).toEqual(expect.arrayContaining(["/", "/apply", "/news/cbse-results-2024", "/admin/login"]));
    expect(adminPages).toEqual(expect.arrayContaining(["/admin", "/admin/enquiries", "/admin?range=30days"]));
  });

  for (const path of publicPages) {
    test(`public ${path}`, async ({ page }) => {
      await skipEnquiryAutoOpen(page);
      await expectNoErrors(page, async () => void (await page.goto(path)));
    });
  }

  for (const path of adminPages) {
    test(`admin ${path}`, async ({ page }) => {
      await signIn(page, E2E_ADMIN);
      await expectNoErrors(page, async () => void (await page.goto(path)));
    });
  }
});
