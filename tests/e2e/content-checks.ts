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
