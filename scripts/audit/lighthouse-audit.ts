/**
 * Lighthouse 12 through its Node API, in Debian's Chromium started by chrome-launcher (the
 * launcher Lighthouse itself uses). Lighthouse's defaults: mobile form factor and simulated
 * throttling (slow 4G, 4x CPU slowdown).
 */
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";
import type { PageResult } from "./report";

/** The categories audited; their scores land in PageResult["lighthouse"]. */
export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Starts headless Chromium with a DevTools port for Lighthouse. Call `kill()` on the result. */
export function launchChromeForLighthouse(): Promise<LaunchedChrome> {
  return launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS], handleSIGINT: false, logLevel: "silent" });
}

/**
 * Runs Lighthouse on `url` in the Chromium listening on `port`. Returns the four category
 * scores (0..1), LCP and Total Blocking Time in ms, the JavaScript transferred during the load in KB, and the full
 * report object (for saving as JSON).
 */
export async function runLighthouse(url: string, port: number): Promise<{ summary: PageResult["lighthouse"]; report: unknown }> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: LIGHTHOUSE_CATEGORIES });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  const score = (id: string) => lhr.categories[id]?.score ?? null;
  const lcp = lhr.audits["largest-contentful-paint"]?.numericValue;
  const tbt = lhr.audits["total-blocking-time"]?.numericValue;
  // resource-summary counts every script response's transfer size (headers and gzip body).
  const summaryItems = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const jsBytes = summaryItems.find((item) => item.resourceType === "script")?.transferSize;
  return {
    summary: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: typeof lcp === "number" ? lcp : null,
      tbtMs: typeof tbt === "number" ? tbt : null,
      jsTransferKb: typeof jsBytes === "number" ? jsBytes / 1024 : null,
      ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.code } : {}),
    },
    report: lhr,
  };
}
