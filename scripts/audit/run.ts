/**
 * `npm run audit [paths...]`: Lighthouse (mobile, simulated throttling), axe-core at 390 and
 * 1280 px, and first-load JS weight for each page, against the production build served by
 * `server/index.ts` on a free port with a throwaway DATA_DIR. Run `npx react-router build`
 * first. Prints a Markdown table and a summary, and with each page's Lighthouse runs the CPU
 * other processes used and the hypervisor took meanwhile (steal); writes JSON to
 * audit-results/. Exits 1 when a page misses the bar in report.ts (THRESHOLDS) or something
 * fails, 0 otherwise.
 *
 * Lighthouse scores vary from run to run, more so on a shared 2-core machine, so each page is
 * measured LIGHTHOUSE_RUNS times (default 3, `--runs=N`) and the median run by performance
 * score is reported, as Lighthouse's own guidance on variability recommends. A run without a
 * performance score (a runtime error) is reported and repeated, so the median is of real runs.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launchBrowserForAxe, runAxe } from "./axe-audit";
import { CHROMIUM_PATH } from "./chromium";
import { measureFirstLoadJs } from "./js-weight";
import { launchChromeForLighthouse, runLighthouse } from "./lighthouse-audit";
import { AUDIT_PAGES } from "./pages";
import { AXE_WIDTHS, formatSummary, formatTable, medianOf, medianRun, thresholdFailures, type PageResult } from "./report";
import { startServer } from "./server";
import { messageOf } from "~/lib/errors";
import { busyCpuMs, cpuMsOf, stolenCpuMs } from "../bench/harness";

const projectDir = path.resolve(import.meta.dirname, "../..");
const resultsDir = path.join(projectDir, "audit-results");

/** Cleanup steps still to run, newest last; each runs at most once (finally or on a signal). */
const cleanups: (() => Promise<void> | void)[] = [];

/** Runs and forgets every pending cleanup, newest first; never throws. */
async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    try {
      await cleanup();
    } catch (error) {
      console.error("cleanup failed:", error);
    }
  }
}

/** Lighthouse runs per page: `--runs=N` on the command line, else LIGHTHOUSE_RUNS, else 3. */
function runsFromArgs(args: readonly string[]): number {
  const value = args.find((a) => a.startsWith("--runs="))?.slice("--runs=".length) ?? process.env.LIGHTHOUSE_RUNS ?? "3";
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer: ${value}`);
  return runs;
}

/** Page paths from the command line (each must start with "/"), or AUDIT_PAGES when none. */
function pagesFromArgs(args: readonly string[]): string[] {
  const paths = args.filter((a) => a !== "--" && !a.startsWith("--runs="));
  for (const p of paths) if (!p.startsWith("/")) throw new Error(`Page paths must start with "/": ${p}`);
  return paths.length > 0 ? paths : [...AUDIT_PAGES];
}

/** File-name-safe name for a page path: "/" → "home", "/about/us" → "about-us". */
function slug(pagePath: string): string {
  return pagePath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
}

/** Message of an unknown thrown value. */
function message(error: unknown): string {
  return messageOf(error);
}

/** Prints a progress line with the seconds since `started` (ms timestamp). */
function progress(started: number, text: string): void {
  console.log(`  ${text} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** The whole audit; returns the process exit code. */
async function main(args: readonly string[]): Promise<number> {
  const pages = pagesFromArgs(args);
  const runs = runsFromArgs(args);
  if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
    console.error("build/server/index.js is missing: run `npx react-router build` (or `npm run build`) first.");
    return 1;
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`${CHROMIUM_PATH} is missing: install Debian's chromium package (apt-get install -y chromium).`);
    return 1;
  }

  let started = Date.now();
  console.log(`Starting the production server (npx tsx server/index.ts) for ${pages.length} page(s)…`);
  const server = await startServer(projectDir);
  cleanups.push(() => server.stop());
  progress(started, `server up at ${server.origin}`);

  const results: PageResult[] = pages.map((p) => ({
    path: p,
    url: new URL(p, server.origin).href,
    lighthouse: { performance: null, accessibility: null, bestPractices: null, seo: null, lcpMs: null, tbtMs: null, jsTransferKb: null },
    axe: {},
    js: { totalKbGzip: 0, files: [] },
    errors: [],
  }));
  mkdirSync(resultsDir, { recursive: true });

  // 1. JS weight first: plain HTTP, and it warms the server up before anything is timed.
  for (const result of results) {
    started = Date.now();
    try {
      result.js = await measureFirstLoadJs(result.url);
      progress(started, `${result.path}: first-load JS ${result.js.totalKbGzip.toFixed(1)} KB gzip in ${result.js.files.length} file(s)`);
    } catch (error) {
      result.errors.push(`JS weight: ${message(error)}`);
    }
  }

  // 2. Lighthouse, one page at a time in one Chromium; the median of `runs` runs per page.
  const chrome = await launchChromeForLighthouse();
  let chromeKilled = false;
  const killChrome = () => {
    if (!chromeKilled) chrome.kill();
    chromeKilled = true;
  };
  cleanups.push(killChrome);
  // What else the machine did meanwhile: Lighthouse times the page's main thread and multiplies
  // it by 4, so CPU that other processes or the hypervisor (steal) took shows as blocking time.
  const ownCpuMs = () => {
    const { user, system } = process.cpuUsage();
    return cpuMsOf(server.pid) + cpuMsOf(chrome.pid) + (user + system) / 1000;
  };
  const othersFrom = () => {
    const at = { busy: busyCpuMs(), own: ownCpuMs(), stolen: stolenCpuMs() };
    return () => `other processes ${((busyCpuMs() - at.busy - (ownCpuMs() - at.own)) / 1000).toFixed(1)} s CPU, steal ${((stolenCpuMs() - at.stolen) / 1000).toFixed(1)} s`;
  };
  const lighthouseOthers = othersFrom();
  for (const result of results) {
    started = Date.now();
    const others = othersFrom();
    try {
      // A run that returns no performance score (a Lighthouse runtime error) measured nothing:
      // it is reported and run again, up to `runs` more times in all.
      const all = [];
      for (let attempt = 0; all.length < runs && attempt < runs * 2; attempt++) {
        const run = await runLighthouse(result.url, chrome.port);
        if (run.summary.performance !== null || attempt === runs * 2 - 1) all.push(run);
        else console.log(`    ${result.path}: a Lighthouse run gave no performance score (${run.summary.runtimeError ?? "no runtime error named"}); running it again`);
      }
      const { summary, report } = medianRun(all);
      // Scores from the median run by performance; LCP and TBT are the medians of every run's own.
      result.lighthouse = { ...summary, lcpMs: medianOf(all.map((r) => r.summary.lcpMs)), tbtMs: medianOf(all.map((r) => r.summary.tbtMs)) };
      writeFileSync(path.join(resultsDir, `lighthouse-${slug(result.path)}.json`), JSON.stringify(report));
      const scores = all.map((r) => (r.summary.performance === null ? "–" : r.summary.performance.toFixed(2))).join(", ");
      const lcps = all.map((r) => (r.summary.lcpMs === null ? "–" : Math.round(r.summary.lcpMs))).join(", ");
      const tbts = all.map((r) => (r.summary.tbtMs === null ? "–" : Math.round(r.summary.tbtMs))).join(", ");
      progress(started, `${result.path}: Lighthouse done (performance ${scores}; LCP ${lcps} ms; TBT ${tbts} ms; medians reported; meanwhile ${others()})`);
    } catch (error) {
      result.errors.push(`Lighthouse: ${message(error)}`);
    }
  }
  console.log(`  While Lighthouse ran: ${lighthouseOthers()}`);
  killChrome();

  // 3. axe-core at each width, in Playwright's Chromium.
  const browser = await launchBrowserForAxe();
  cleanups.push(() => browser.close());
  for (const result of results) {
    for (const width of AXE_WIDTHS) {
      started = Date.now();
      try {
        result.axe[width] = await runAxe(browser, result.url, width);
        progress(started, `${result.path}: axe at ${width} px, ${result.axe[width].length} violation(s)`);
        for (const v of result.axe[width]) console.log(`    ${v.id} (${v.impact ?? "?"}): ${v.help} — ${v.targets.join(", ")}`);
      } catch (error) {
        result.errors.push(`axe ${width}: ${message(error)}`);
      }
    }
  }
  await browser.close();

  const failing = results.filter((r) => thresholdFailures(r).length > 0);
  const file = path.join(resultsDir, `audit-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  const chromiumVersion = execFileSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), chromium: chromiumVersion, results }, null, 2));

  console.log(`\n${formatTable(results)}\n`);
  console.log(formatSummary(results));
  console.log(`Results: ${path.relative(process.cwd(), file)} (full Lighthouse reports: audit-results/lighthouse-*.json)`);
  return failing.length > 0 ? 1 : 0;
}

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and Chromium…`);
    void runCleanups().finally(() => process.exit(code));
  });
}

main(process.argv.slice(2))
  .catch((error: unknown) => {
    console.error(message(error));
    return 1;
  })
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  });
