/**
 * The pure half of `npm run audit`: the per-page result shape, the pass/fail thresholds, and
 * the Markdown table and summary printed at the end.
 */

/** One axe-core rule violation on one page at one viewport width. */
export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** Everything measured for one page. Lighthouse scores are 0..1, or null when not computed. */
export type PageResult = {
  path: string;
  url: string;
  lighthouse: {
    performance: number | null;
    accessibility: number | null;
    bestPractices: number | null;
    seo: number | null;
    /** Largest Contentful Paint in ms (simulated mobile throttling; the median of the runs), or null. */
    lcpMs: number | null;
    /** Total Blocking Time in ms (simulated mobile throttling; the median of the runs), or null. */
    tbtMs: number | null;
    /** JavaScript transferred during Lighthouse's page load in KB (1,024 bytes, as sent: gzip), or null. */
    jsTransferKb: number | null;
    /** Lighthouse's runtime error code, e.g. "NO_FCP", when the run failed. */
    runtimeError?: string;
  };
  /** axe-core violations keyed by viewport width in CSS px (390 and 1280). */
  axe: Record<number, AxeViolation[]>;
  /** First-load JavaScript: every script URL with its gzip size, and the total in KB. */
  js: { totalKbGzip: number; files: { url: string; bytes: number; gzipBytes: number }[] };
  /** Steps that threw for this page (e.g. "JS weight: GET … answered 404"); any error fails it. */
  errors: string[];
};

/** Minimum scores a page needs; axe must report no violations at any width. */
export const THRESHOLDS = { performance: 0.95, accessibility: 1, bestPractices: 1, seo: 1, axeViolations: 0 } as const;

/** Viewport widths (CSS px) axe-core runs at. */
export const AXE_WIDTHS = [390, 1280] as const;

/** The median of the numbers that are not null (the lower middle one for an even count); null when none. */
export function medianOf(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * The median of several Lighthouse runs of one page, ranked by performance score (a run
 * without a score ranks lowest); with an even count, the lower of the two middle runs. Throws
 * RangeError for no runs.
 */
export function medianRun<T extends { summary: PageResult["lighthouse"] }>(runs: readonly T[]): T {
  if (runs.length === 0) throw new RangeError("no Lighthouse runs");
  const ranked = [...runs].sort((a, b) => (a.summary.performance ?? -1) - (b.summary.performance ?? -1));
  return ranked[Math.floor((ranked.length - 1) / 2)]!;
}

/** Reasons `result` misses THRESHOLDS, e.g. "perf 0.91 < 0.95"; empty when it passes. */
export function thresholdFailures(result: PageResult): string[] {
  const failures: string[] = [];
  const scores = [
    ["perf", result.lighthouse.performance, THRESHOLDS.performance],
    ["a11y", result.lighthouse.accessibility, THRESHOLDS.accessibility],
    ["BP", result.lighthouse.bestPractices, THRESHOLDS.bestPractices],
    ["SEO", result.lighthouse.seo, THRESHOLDS.seo],
  ] as const;
  failures.push(...result.errors);
  if (result.lighthouse.runtimeError) failures.push(`Lighthouse error ${result.lighthouse.runtimeError}`);
  for (const [label, score, minimum] of scores) {
    if (score === null) failures.push(`${label} missing`);
    else if (score < minimum) failures.push(`${label} ${formatScore(score)} < ${formatScore(minimum)}`);
  }
  for (const width of AXE_WIDTHS) {
    const violations = result.axe[width];
    if (violations === undefined) failures.push(`axe ${width} not run`);
    else if (violations.length > THRESHOLDS.axeViolations) failures.push(`axe ${width}: ${violations.length} violation(s)`);
  }
  return failures;
}

/** A 0..1 score with two decimals ("0.97", "1.00"); "–" when missing. */
export function formatScore(score: number | null): string {
  return score === null ? "–" : score.toFixed(2);
}

/** The Markdown results table: one row per page, columns as in the audit's documentation. */
export function formatTable(results: readonly PageResult[]): string {
  const header = ["page", "perf", "LCP ms", "TBT ms", "a11y", "BP", "SEO", ...AXE_WIDTHS.map((w) => `axe ${w}`), "JS KB gz", "LH JS KB"];
  const rows = results.map((r) => [
    r.path,
    formatScore(r.lighthouse.performance),
    r.lighthouse.lcpMs === null ? "–" : String(Math.round(r.lighthouse.lcpMs)),
    r.lighthouse.tbtMs === null ? "–" : String(Math.round(r.lighthouse.tbtMs)),
    formatScore(r.lighthouse.accessibility),
    formatScore(r.lighthouse.bestPractices),
    formatScore(r.lighthouse.seo),
    ...AXE_WIDTHS.map((w) => (r.axe[w] === undefined ? "–" : String(r.axe[w].length))),
    r.js.totalKbGzip.toFixed(1),
    r.lighthouse.jsTransferKb === null ? "–" : r.lighthouse.jsTransferKb.toFixed(1),
  ]);
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  const separator = `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`;
  return [line(header), separator, ...rows.map(line)].join("\n");
}

/** One line for the end of the output: how many pages pass, and what each failing page misses. */
export function formatSummary(results: readonly PageResult[]): string {
  const failing = results.map((r) => ({ path: r.path, failures: thresholdFailures(r) })).filter((f) => f.failures.length > 0);
  const bar = `perf ≥ ${THRESHOLDS.performance}, a11y = BP = SEO = 1, axe = 0`;
  if (failing.length === 0) return `All ${results.length} page(s) pass (${bar}).`;
  const details = failing.map((f) => `${f.path}: ${f.failures.join(", ")}`).join("; ");
  return `${failing.length} of ${results.length} page(s) miss the bar (${bar}): ${details}`;
}
