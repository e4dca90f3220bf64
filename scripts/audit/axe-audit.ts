/** axe-core accessibility checks through @axe-core/playwright, in Debian's Chromium. */
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";
import type { AxeViolation } from "./report";

/** Starts headless Chromium for axe. Call `close()` on the result. */
export function launchBrowserForAxe(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
}

/**
 * Loads `url` in a fresh context `width` CSS px wide (height 844 px below 600 px wide, else
 * 800 px), waits for the network to go quiet, and returns axe-core's violations with the CSS
 * selectors of the offending elements. Runs axe's default rule set (WCAG A/AA + best practices).
 */
export async function runAxe(browser: Browser, url: string, width: number): Promise<AxeViolation[]> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 } });
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    if (!response?.ok()) throw new Error(`GET ${url} answered ${response?.status() ?? "nothing"}`);
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((node) => node.target.map(String).join(" ")),
    }));
  } finally {
    await context.close();
  }
}
