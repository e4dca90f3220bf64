/**
 * Checks of the content editor's pages (issue 28) that several specs make: screens and axe at
 * 1280 and 390 px, and the page's uncaught and console errors.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/** Screens and axe at both widths; the page is left at 1280 px. */
export async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id} (${width} px): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Collects the page's uncaught errors and console errors (a hydration mismatch is one). Chromium
 * logs a refused save's answer (400, 409) as a failed resource: that status is the form's
 * answer, checked by the spec, as page-errors.spec.ts treats a document's 4xx.
 */
export function watchErrors(page: Page, errors: string[]) {
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    const refusedPost = /^Failed to load resource: the server responded with a status of 40[09]\b/.test(message.text()) && /\/admin\/content\/(new|\d+)\.data(\?|$)/.test(message.location().url);
    if (message.type() === "error" && !refusedPost) errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
}

/**
 * `errors` less the 404s of photos that no longer exist. The pictures page lists every photo,
 * and the other project's run of content-pictures.spec.ts deletes one of its own on the same
 * server: a pictures page rendered just before asks for that photo's files and gets 404 (seen in
 * CI: ".../media/<id>-640.avif" 404 on the album test's page). A 404 for a photo that still
 * exists stays an error. Needs a session allowed to list the photos (content.edit).
 */
export async function errorsBesidesDeletedPhotos(page: Page, errors: readonly string[]): Promise<string[]> {
  const answer = await page.request.get("/admin/content/pictures.json", { headers: { Accept: "application/json" } });
  expect(answer.status()).toBe(200);
  const stored = new Set(((await answer.json()) as { pictures: { ref: string }[] }).pictures.map((p) => p.ref.replace(/^\/media\//, "")));
  return errors.filter((error) => {
    const missing = /status of 404 .*\/media\/([0-9a-f]{32})-[^/]*\)$/.exec(error);
    return !missing || stored.has(missing[1]!);
  });
}
