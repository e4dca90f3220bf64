import { describe, expect, it } from "vitest";
import { formatScore, formatSummary, formatTable, medianOf, medianRun, thresholdFailures, type PageResult } from "./report";

/** A page that meets every threshold; tests override single fields. */
function passing(overrides: Partial<PageResult["lighthouse"]> = {}, path = "/"): PageResult {
  return {
    path,
    url: `http://127.0.0.1:4000${path}`,
    lighthouse: { performance: 0.99, accessibility: 1, bestPractices: 1, seo: 1, lcpMs: 1234.6, tbtMs: 87.4, jsTransferKb: 120.44, ...overrides },
    axe: { 390: [], 1280: [] },
    js: { totalKbGzip: 111.04, files: [] },
    errors: [],
  };
}

describe("thresholdFailures", () => {
  it("passes a page at the bar", () => {
    expect(thresholdFailures(passing({ performance: 0.95 }))).toEqual([]);
  });

  it("names every score below the bar and missing scores", () => {
    expect(thresholdFailures(passing({ performance: 0.94, accessibility: 0.98, bestPractices: null, seo: 0.92 }))).toEqual([
      "perf 0.94 < 0.95",
      "a11y 0.98 < 1.00",
      "BP missing",
      "SEO 0.92 < 1.00",
    ]);
  });

  it("fails on axe violations at either width and on a Lighthouse runtime error", () => {
    const result = passing({ runtimeError: "NO_FCP" });
    result.axe = { 390: [{ id: "color-contrast", impact: "serious", help: "", targets: ["a.x"] }] };
    expect(thresholdFailures(result)).toEqual(["Lighthouse error NO_FCP", "axe 390: 1 violation(s)", "axe 1280 not run"]);
  });

  it("fails a page on which a step threw", () => {
    const result = passing();
    result.errors = ["JS weight: GET /x answered 404"];
    expect(thresholdFailures(result)).toEqual(["JS weight: GET /x answered 404"]);
  });
});

describe("formatTable", () => {
  it("prints a Markdown table with rounded figures", () => {
    const second = passing({ performance: null, lcpMs: null, tbtMs: null, jsTransferKb: null }, "/about");
    second.axe = { 390: [], 1280: [{ id: "region", impact: "moderate", help: "", targets: ["div"] }] };
    expect(formatTable([passing(), second])).toBe(
      [
        "| page | perf | LCP ms | TBT ms | a11y | BP | SEO | axe 390 | axe 1280 | JS KB gz | LH JS KB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        "| / | 0.99 | 1235 | 87 | 1.00 | 1.00 | 1.00 | 0 | 0 | 111.0 | 120.4 |",
        "| /about | – | – | – | 1.00 | 1.00 | 1.00 | 0 | 1 | 111.0 | – |",
      ].join("\n"),
    );
  });
});

describe("formatSummary", () => {
  it("says all pass, or lists what each failing page misses", () => {
    expect(formatSummary([passing()])).toMatch(/^All 1 page\(s\) pass/);
    expect(formatSummary([passing(), passing({ seo: 0.9 }, "/x")])).toMatch(/^1 of 2 page\(s\) miss the bar .*: \/x: SEO 0\.90 < 1\.00$/);
  });

  it("formats scores with two decimals", () => {
    expect(formatScore(1)).toBe("1.00");
    expect(formatScore(null)).toBe("–");
  });
});

describe("medianOf", () => {
  it("takes the middle value, the lower one of an even count, ignoring nulls", () => {
    expect(medianOf([1300, 900, 1100])).toBe(1100);
    expect(medianOf([1300, null, 900, 1000, 1200])).toBe(1000);
    expect(medianOf([null])).toBeNull();
  });
});

describe("medianRun", () => {
  const run = (performance: number | null) => ({ summary: { ...passing().lighthouse, performance } });

  it("reports the middle run by performance score; a run without a score ranks lowest", () => {
    expect(medianRun([run(0.91), run(0.99), run(0.96)]).summary.performance).toBe(0.96);
    expect(medianRun([run(null), run(0.99), run(0.97)]).summary.performance).toBe(0.97);
    expect(medianRun([run(0.9), run(1)]).summary.performance).toBe(0.9);
    expect(medianRun([run(0.93)]).summary.performance).toBe(0.93);
    expect(() => medianRun([])).toThrow(RangeError);
  });
});
