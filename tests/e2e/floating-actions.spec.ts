/**
 * Nothing floating covers an action or a message (SPEC §2's floating Pay Fee on the left,
 * Enquire Now on the right, and Back to top), on every public page of app/routes.ts: a page
 * added later is checked without editing this spec. At 390 px and 1280 px (one load, resized:
 * the buttons are placed by media queries), each page is looked at as it opens and scrolled to
 * the bottom (its end must scroll clear of the floating buttons);
 * a page with a form is looked at again after a bad submit (its error messages), and the pages
 * parents reach through a flow (the payment hand-off, the test gateway, the result pages, an
 * application's retry and acknowledgement, a student's fee months, a found receipt or status)
 * are reached through those flows on a development server with the test gateway.
 *
 * "An action or a message": links, buttons, form fields, summaries, alerts and status messages,
 * and the error text a field points to (aria-describedby of an invalid field). "Floating": the
 * fixed elements in the "Quick actions" landmark that are visible.
 */
import { rmSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import routes from "../../app/routes";
import { FAMILY_LINK_MS, familyPayPath } from "../../app/features/fees/family-link.server";
import { E2E_ENV, extraPort } from "./env";
import { skipEnquiryAutoOpen } from "./fixtures";
import { answerOnTestGateway, applyFor, openHydrated, pdfTextAt, startSample } from "./flows";
import { developmentEnv, spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";

const PORT = extraPort(14);
const WIDTHS = [390, 1280] as const;
let server: SpawnedServer;

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };

/** Every page of the public layout (route modules that render: .tsx), as its path pattern. */
function publicPages(): string[] {
  const layout = (routes as Entry[]).find((r) => r.file === "routes/public/layout.tsx");
  if (!layout?.children) throw new Error("app/routes.ts has no public layout");
  return layout.children.filter((c) => c.file.endsWith(".tsx")).map((c) => (c.index ? "/" : `/${c.path!.replace(/^\//, "")}`));
}

/** Concrete URLs of patterns with parameters, and further states of a page, found by the flows below. */
const urls = new Map<string, string[]>();
const facts = { applicationNumber: "", receiptNumber: "", receiptKey: "" };

test.describe.configure({ mode: "default" });
// One development server; every page is looked at at both widths in one project.
// In the desktop project, which is scheduled first, so this long file overlaps the others.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "each test covers 390 px and 1280 px");

test.beforeAll(async ({ browser }) => {
  if ((test.info().project.use.viewport?.width ?? 0) < 500) return;
  test.setTimeout(START_TIMEOUT_MS + 120_000);
  rmSync(`data/e2e-${PORT}`, { recursive: true, force: true });
  server = await spawnServer(PORT, developmentEnv(PORT, { PAYMENT_PROVIDER: "mock" }));
  const o = server.origin;
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await skipEnquiryAutoOpen(page);
  const add = (pattern: string, ...found: string[]) => urls.set(pattern, [...(urls.get(pattern) ?? [pattern]), ...found.map((u) => u.replace(o, ""))]);

  // Sample fee payments: paid (with its receipt), failed, left pending, waiting at the hand-off
  // and at the test gateway.
  facts.receiptKey = `floating-${Date.now().toString(36)}`;
  await startSample(page, o, facts.receiptKey);
  const paid = await answerOnTestGateway(page, "Pay");
  const receiptHref = (await page.getByRole("link", { name: "Download receipt" }).getAttribute("href"))!;
  const receipt = await pdfTextAt(page, o, receiptHref);
  facts.receiptNumber = /Receipt No\. (\S+)/.exec(receipt)![1]!;
  const verify = /\/verify-receipt\/[\w-]+/.exec(receipt)![0];
  await startSample(page, o, `${facts.receiptKey}-failed`);
  const failed = await answerOnTestGateway(page, "Fail");
  await startSample(page, o, `${facts.receiptKey}-pending`, "An amount with paise");
  const pending = await answerOnTestGateway(page, "Leave pending");
  const handoff = await startSample(page, o, `${facts.receiptKey}-open`);
  await page.getByRole("link", { name: "Continue to payment" }).click();
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeVisible();
  const checkout = page.url();

  // Applications: one paid (success, acknowledgement, retry link once paid), one whose fee failed.
  await applyFor(page, o, "Ananya Roy");
  const applicationPaid = await answerOnTestGateway(page, "Pay");
  const acknowledgement = (await page.getByRole("link", { name: "View acknowledgement" }).getAttribute("href"))!;
  const applicationId = acknowledgement.split("/").pop()!;
  await page.goto(`${o}${acknowledgement}`);
  facts.applicationNumber = (await page.getByTestId("application-number").textContent())!.trim();
  await applyFor(page, o, "Rohini Das");
  const applicationFailed = await answerOnTestGateway(page, "Fail");
  const retry = (await page.getByRole("link", { name: "Try Again" }).getAttribute("href"))!;
  await page.close();

  add("/payment-success", paid, applicationPaid);
  add("/payment-failure", failed, applicationFailed);
  add("/payment-pending", pending);
  add("/mock-payment", checkout);
  urls.set("/pay/:orderId", [handoff.replace(o, "")]);
  urls.set("/verify-receipt/:hash", [verify, "/verify-receipt/AAAAAAAAAAAAAAAAAAAAAAAA"]);
  urls.set("/admissions/retry-payment/:applicationId", [retry, `/admissions/retry-payment/${applicationId}`]);
  urls.set("/admissions/acknowledgement/:applicationId", [acknowledgement, `/admissions/acknowledgement/${retry.split("/").pop()}`]);
  urls.set("/news/:slug", ["/news/cbse-results-2024"]);
  // The sample roll's siblings (Arjun and Priya Mahato) share 9000000022; a forged link shows its message.
  // A stop link whose signature fails shows its message (a valid one needs a sent reminder; messages-admin.spec covers it).
  urls.set("/messages/stop/:token", ["/messages/stop/forged.1999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]);
  urls.set("/fees/family/:token", [familyPayPath("9000000022", new Date(Date.now() + FAMILY_LINK_MS), E2E_ENV.RECEIPT_SECRET!), "/fees/family/forged.1999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]);
});
test.afterAll(() => server?.stop());
test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

/** What a visible floating element covers right now: "<float> covers <target>" for each pair. */
function coveredNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const quick = document.querySelector('aside[aria-label="Quick actions"]');
    if (!quick) return ["no Quick actions landmark"];
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute("role") ? `[role=${el.getAttribute("role")}]` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50)}"`;
    const floats = [...quick.querySelectorAll("*")].filter((el) => {
      const r = el.getBoundingClientRect();
      return getComputedStyle(el).position === "fixed" && r.width >= 8 && r.height >= 8 && shown(el);
    });
    const targets = new Set<Element>(document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=alert], [role=status], [aria-live=assertive]"));
    for (const field of document.querySelectorAll('[aria-invalid="true"]')) {
      for (const id of (field.getAttribute("aria-describedby") ?? "").split(/\s+/)) {
        const message = id && document.getElementById(id);
        if (message) targets.add(message);
      }
    }
    const out: string[] = [];
    for (const target of targets) {
      if (quick.contains(target) || !shown(target)) continue;
      const t = target.getBoundingClientRect();
      if (t.width <= 1 || t.height <= 1) continue;
      for (const float of floats) {
        const f = float.getBoundingClientRect();
        const x = Math.min(f.right, t.right) - Math.max(f.left, t.left);
        const y = Math.min(f.bottom, t.bottom) - Math.max(f.top, t.top);
        if (x > 0 && y > 0) out.push(`${describe(float)} covers ${describe(target)} (${Math.round((100 * x * y) / (t.width * t.height))}% of it)`);
      }
    }
    return out;
  });
}

/** Nothing covered as the page is now, and after scrolling to its bottom, at each width in turn. */
async function expectClear(page: Page, where: string) {
  for (const width of WIDTHS) {
    // The buttons' places are CSS (media queries), so a resized page is as a freshly opened one.
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect.poll(() => coveredNow(page), { message: `${where} at ${width} px, as it opens`, timeout: 4_000 }).toEqual([]);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    await expect.poll(() => coveredNow(page), { message: `${where} at ${width} px, scrolled to the bottom`, timeout: 4_000 }).toEqual([]);
  }
}

/**
 * Sends the page's first form badly: the browser's own checks off, empty text fields given
 * nonsense, then its submit button (or, while that is disabled, only leaving the last field, so
 * inline messages show). Returns false when the page has no form that posts.
 */
async function submitBadly(page: Page): Promise<boolean> {
  const form = page.locator('main form[method="post" i]').first();
  if ((await form.count()) === 0) return false;
  // A page whose form hydrates on interaction (/apply): start on it and let React arrive first,
  // as it changes which fields show.
  if (await page.locator("html[data-react=loading], html:not([data-react])").count()) await form.locator("input:visible, select:visible").first().focus({ timeout: 2000 }).catch(() => undefined);
  await page.waitForFunction(() => document.documentElement.dataset.react !== "loading");
  await page.evaluate(() => document.querySelectorAll("form").forEach((f) => (f.noValidate = true)));
  for (const input of await form.locator("input:visible, textarea:visible").all()) {
    const type = (await input.getAttribute("type")) ?? "text";
    if (["checkbox", "radio", "file", "submit", "button", "date", "month", "range", "color"].includes(type) || (await input.inputValue())) continue;
    await input.fill(type === "tel" ? "12345" : type === "email" ? "not-an-email" : type === "number" ? "0" : "x");
  }
  await page.keyboard.press("Tab");
  const submit = form.locator("button[type=submit]:visible, button:not([type]):visible, input[type=submit]:visible").first();
  if ((await submit.count()) > 0 && (await submit.isEnabled())) {
    await submit.click();
    await page.waitForLoadState("networkidle");
  }
  return true;
}

/** Further states of pages reached only by using them: a student's fee months, a found receipt, a found application. */
const STATES: Record<string, (page: Page) => Promise<void>> = {
  "/fees": showMonths,
  "/bus-fee-payment": showMonths,
  "/receipt-download": async (page) => {
    await page.getByLabel("Receipt number").fill(facts.receiptNumber);
    await page.getByLabel("Admission number", { exact: true }).fill(`sample/${facts.receiptKey}`);
    await page.getByRole("button", { name: "Find receipt" }).click();
    await expect(page.getByRole("link", { name: "Download receipt (PDF)" })).toBeVisible();
  },
  "/admissions/status": async (page) => {
    await page.getByLabel("Application number").fill(facts.applicationNumber);
    await page.getByLabel("Mobile number").fill("+91 98765-43210");
    await page.getByRole("button", { name: "Check status" }).click();
    await expect(page.getByTestId("application-status")).toBeVisible();
  },
};

async function showMonths(page: Page) {
  await page.getByLabel("Admission number").fill("2021/0042");
  await page.getByLabel("Student's date of birth").fill("2015-06-14");
  await page.getByRole("button", { name: "Find student" }).click();
  const first = page.getByRole("checkbox").first();
  await first.check();
  await page.getByRole("button", { name: "See the total" }).click();
  await expect(page.getByTestId("fee-total")).toBeVisible();
}

for (const pattern of publicPages()) {
  test(`${pattern}: nothing floating covers an action or a message, at 390 px and 1280 px`, async ({ page }) => {
    test.setTimeout(120_000);
    const paths = urls.get(pattern) ?? (pattern.includes(":") ? [] : [pattern]);
    expect(paths, `no URL found for ${pattern}: give it one in beforeAll`).not.toHaveLength(0);
    for (const path of paths) {
      await openHydrated(page, `${server.origin}${path}`);
      await expectClear(page, path);
      if (await submitBadly(page)) await expectClear(page, `${path} after a bad submit (now ${new URL(page.url()).pathname})`);
      const state = STATES[pattern];
      if (state) {
        await openHydrated(page, `${server.origin}${path}`);
        await state(page);
        await expectClear(page, `${path} in use`);
      }
    }
  });
}

test("the floating Pay Fee and Enquire Now show on the home page as it opens, at 390 px and 1280 px", async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await openHydrated(page, `${server.origin}/`);
    await expect(page.getByRole("link", { name: "Pay Fee" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enquire Now" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
    expect(await coveredNow(page)).toEqual([]);
  }
});
