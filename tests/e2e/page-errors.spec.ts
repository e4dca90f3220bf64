/**
 * No page throws in the browser: every public and admin page of the app's own route table
 * (app/routes.ts, so a new page is covered the day it is added) is opened in Chromium and must
 * hydrate without a `pageerror` (an uncaught error, React's hydration mismatch #418 included),
 * without a console error and without a Content Security Policy violation. Resource routes
 * (files ending .ts: JSON, CSV, PDF, sitemap) are not pages; dynamic segments get sample values;
 * /admin is opened with every date range over seeded visits. The walk has a server of its own: the site allows 600 requests a minute from
 * one address, and the shared server's other specs use most of that.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { DATE_RANGES } from "../../app/features/analytics/figures/ranges";
import { E2E_ADMIN, extraPort } from "./env";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";
import { productionEnv, spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";

const PORT = extraPort(11);
const ENV = productionEnv(PORT);
let server: SpawnedServer;

/** Sample values for the route table's dynamic segments. */
const newsSlugs = readdirSync("content/news").filter((f) => f.endsWith(".md")).map((f) => f.slice(0, -3));
const samples: Record<string, string[]> = {
  slug: newsSlugs,
  applicationId: ["3f1c9a7e-2b4d-4c1e-9a55-0d2f8e6b7a10"],
  hash: ["9c2e4b1a7d"],
  // A forged family link: the page says the link is not valid.
  token: ["forged.1999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
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

/**
 * Records every Content Security Policy violation of the page in `window.__cspViolations`
 * ("directive blocked-uri file:line" lines). A violation the page's code catches (an `eval` it only tries)
 * logs no console error, but the browser still reports it and Lighthouse marks it down.
 */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
}

const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** Opens each path in turn and returns the page errors, console errors and CSP violations each one raised, as "path: message" lines. */
async function errorsOn(page: Page, paths: readonly string[]): Promise<string[]> {
  const errors: string[] = [];
  let current = "";
  await recordCspViolations(page);
  page.on("pageerror", (error) => errors.push(`${current}: pageerror: ${error.message}`));
  page.on("console", (message) => {
    // Chromium logs a document answered with 4xx (an unknown order, a refused test gateway)
    // as a failed resource; that status is the page's answer, checked by the routes' own tests.
    const documentStatus = message.text().startsWith("Failed to load resource") && message.location().url === page.url();
    if (message.type() === "error" && !documentStatus) errors.push(`${current}: console.error: ${message.text()}`);
  });
  for (const path of paths) {
    current = path;
    await page.goto(`${server.origin}${path}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // Lazily loaded parts (the dashboard's charts) arrive after hydration.
    await page.waitForLoadState("networkidle");
    errors.push(...(await cspViolations(page)).map((violation) => `${path}: CSP violation: ${violation}`));
  }
  return errors;
}

test.describe("no page error", () => {
  // One server, seeded once: its tests share one worker.
  test.describe.configure({ mode: "serial" });
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "what a page renders does not depend on the width here: once is enough");

  test.beforeAll(async () => {
    // The skip above does not stop hooks: only one project may seed and serve this data folder.
    if ((test.info().project.use.viewport?.width ?? 0) < 500) return;
    test.setTimeout(START_TIMEOUT_MS + 60_000);
    rmSync(ENV.DATA_DIR!, { recursive: true, force: true });
    execFileSync("node_modules/.bin/tsx", ["scripts/seed/traffic.ts", "--rows", "3000", "--days", "120"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...ENV },
      stdio: "ignore",
    });
    server = await spawnServer(PORT, ENV);
  });
  test.afterAll(() => server?.stop());

  test("the route table yields the pages this check walks", () => {
    expect(publicPages).toEqual(expect.arrayContaining(["/", "/apply", "/news/cbse-results-2024", "/admin/login"]));
    expect(adminPages).toEqual(expect.arrayContaining(["/admin", "/admin/enquiries", "/admin?range=30days"]));
  });

  test("on any public page", async ({ page }) => {
    test.setTimeout(publicPages.length * 5_000);
    await skipEnquiryAutoOpen(page);
    expect(await errorsOn(page, publicPages)).toEqual([]);
  });

  test("in the enquiry form, opened on a page that does not hydrate React", async ({ page }) => {
    await skipEnquiryAutoOpen(page);
    expect(await errorsOn(page, ["/overview"])).toEqual([]);
    // The form is an island, loaded when the dialog opens (decision 031): its code runs only now.
    await page.getByRole("button", { name: "Enquire Now" }).click();
    await expect(page.getByRole("dialog", { name: "Enquire Now" }).getByLabel("Parent's name")).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });

  test("on any admin page, with every date range", async ({ page }) => {
    test.setTimeout(adminPages.length * 5_000 + 10_000);
    await signIn(page, E2E_ADMIN, `${server.origin}/admin/login`);
    expect(await errorsOn(page, adminPages)).toEqual([]);
  });
});
