/**
 * `npm run bench:uploads [-- --seconds 60 --clients 10 --port 3460 --page /fee --heap MB --profile DIR]`: parents
 * sending the largest pictures the site takes, while a visitor reads pages (DESIGN.md §2
 * "uploads and images": image work never stalls other requests).
 *
 * Starts the production build (run `npm run build` first) on a fresh PGlite folder (or on
 * DATABASE_URL: `scripts/ci/with-postgres.sh npm run bench:uploads`), production
 * configuration, no payment provider (a stored application then redirects to its own page, whose
 * address names it). For `--seconds`, `--clients` parents each, one after another: post /apply
 * (multipart, each from its own client IP) with a photograph at the bound (8,000 × 5,000 pixels,
 * 40 megapixels, just under 2 MiB) and a birth certificate that is the costliest picture in
 * memory the bounds admit (8,000 × 5,000, 8-bit RGBA, interlaced PNG: libvips must hold its
 * 160 MB whole), then download the application's acknowledgement PDF. Meanwhile one visitor
 * reads /healthz and `--page` in turn, without pause. One application, its PDF and 2 s of reads
 * warm the server up first, unmeasured (a fresh process loads the PDF library on first use).
 *
 * Prints p50/p95/p99 of /healthz and the page, of /apply and the PDF, the server's peak RSS
 * (VmRSS of /proc/<pid>/status every 50 ms), answers 5xx and applications accepted. Targets:
 * p99 of /healthz and the page ≤ 250 ms, peak RSS ≤ 1 GiB, no 5xx; exit status 1 when one is
 * missed or no application was accepted.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { messageOf } from "~/lib/errors";
import { option, percentile, rssOf, startBenchServer } from "./harness";

const seconds = option("seconds", 60);
const clients = option("clients", 10);
const port = option("port", 3460);
const pageIndex = process.argv.indexOf("--page");
const pagePath = pageIndex >= 0 ? process.argv[pageIndex + 1]! : "/fee";

const TARGET_P99_MS = 250;
const TARGET_RSS_BYTES = 1024 * 1024 * 1024;
const MAX_FILE_BYTES = 2 * 1024 * 1024;

const projectDir = path.resolve(import.meta.dirname, "../..");
if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
  console.error("build/server/index.js is missing: run `npm run build` first.");
  process.exit(1);
}

// The pictures, made before the server starts so their making is not measured.
const width = 8_000;
const height = 5_000;
/** A flat page with a band of noise as tall as fits in just under 2 MiB: 40 megapixels, ~2 MB. */
async function photoAtTheBound(): Promise<Buffer> {
  for (let band = 72; band > 0; band -= 4) {
    const noise = await sharp({ create: { width, height: band, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).png().toBuffer();
    const png = await sharp({ create: { width, height, channels: 3, background: "#f4f1ea" } }).composite([{ input: noise, top: 0, left: 0 }]).png({ compressionLevel: 9 }).toBuffer();
    if (png.byteLength <= MAX_FILE_BYTES - 16 * 1024) return png;
  }
  throw new Error("no photograph under 2 MiB");
}
console.log(`Making the pictures (${width} × ${height})…`);
const photo = await photoAtTheBound();
const certificate = await sharp({ create: { width, height, channels: 4, background: { r: 250, g: 248, b: 240, alpha: 0.9 } } }).png({ progressive: true, compressionLevel: 9 }).toBuffer();
console.log(`photograph: PNG ${(photo.byteLength / 1e6).toFixed(2)} MB; birth certificate: RGBA interlaced PNG ${(certificate.byteLength / 1e6).toFixed(2)} MB`);

const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
// --profile DIR writes the server's V8 CPU profile there (open it in Chrome DevTools).
const profileAt = process.argv.indexOf("--profile");
const profile = profileAt >= 0 ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.argv[profileAt + 1] ?? "profiles")] : [];
// --heap MB caps V8's old generation (--max-old-space-size): by default V8 lets it grow to a
// fraction of the machine's memory before collecting, which is most of a busy server's growth.
const heapAt = process.argv.indexOf("--heap");
const heap = heapAt >= 0 ? [`--max-old-space-size=${option("heap", 0)}`] : [];
const server = await startBenchServer(
  projectDir,
  port,
  {
    NODE_ENV: "production",
    TRUST_PROXY: "1",
    // As `npm run serve` runs it: glibc's malloc hands large blocks (decoded pictures) back to
    // the system when they are freed (decision 019).
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    RATE_LIMIT_POSTS: "1000000",
    RATE_LIMIT_RENDERED: "1000000",
    RATE_LIMIT_STATIC: "1000000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  [...profile, ...heap],
);
const origin = server.origin;
process.once("SIGINT", () => void server.stop().then(() => process.exit(130)));

const rssAtStart = rssOf(server.pid);
let peakRss = rssAtStart;

const times = { healthz: [] as number[], page: [] as number[], apply: [] as number[], pdf: [] as number[] };
/** When the slowest reads began, in s from the start of the run: a stall at the start differs from one throughout. */
const slowReads: { what: string; at: number; ms: number }[] = [];
let runStart = 0;
let fiveHundreds = 0;
let accepted = 0;
let refused = 0;
const problems = new Map<string, number>();
const note = (what: string) => problems.set(what, (problems.get(what) ?? 0) + 1);

/** One timed request; counts a 5xx. */
async function timed(list: number[], url: string, init: RequestInit = {}): Promise<Response> {
  const t0 = performance.now();
  const response = await fetch(`${origin}${url}`, { redirect: "manual", ...init });
  const body = await response.arrayBuffer();
  const ms = performance.now() - t0;
  list.push(ms);
  if ((list === times.healthz || list === times.page) && ms > TARGET_P99_MS) slowReads.push({ what: url, at: (t0 - runStart) / 1000, ms });
  if (response.status >= 500) fiveHundreds++;
  return new Response(response.status === 204 || response.status === 304 ? null : body, { status: response.status, headers: response.headers });
}

const FIELDS: Record<string, string> = {
  childName: "Bench Child", dateOfBirth: "2021-06-15", gender: "Girl", classApplied: "UKG", nationality: "Indian", motherTongue: "Bengali", category: "General",
  motherName: "Bench Parent", mobile: "9876543210", address: "12 Station Road, Malancha", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes",
};

/** One parent's application and its PDF. */
async function applyOnce(ip: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(FIELDS)) form.append(k, v);
  form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/png" }), "photo.png");
  form.append("birthCertificate", new Blob([new Uint8Array(certificate)], { type: "image/png" }), "birth-certificate.png");
  try {
    const answer = await timed(times.apply, "/apply", { method: "POST", body: form, headers: { origin, "x-forwarded-for": ip } });
    const id = /^\/admissions\/retry-payment\/([\w-]{22})/.exec(answer.headers.get("location") ?? "")?.[1];
    if (answer.status !== 303 || !id) {
      refused++;
      note(`/apply answered ${answer.status}`);
      return;
    }
    accepted++;
    const pdf = await timed(times.pdf, `/admissions/acknowledgement/${id}/pdf`, { headers: { "x-forwarded-for": ip } });
    const head = Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString();
    if (pdf.status !== 200 || head !== "%PDF-") note(`the PDF answered ${pdf.status}`);
  } catch (error) {
    note(messageOf(error));
  }
}

async function parent(n: number, until: number) {
  while (Date.now() < until) await applyOnce(`10.77.${n}.1`);
}

async function visitor(until: number) {
  while (Date.now() < until) {
    try {
      const health = await timed(times.healthz, "/healthz", { headers: { "x-forwarded-for": "10.78.0.1" } });
      if (health.status !== 200) note(`/healthz answered ${health.status}`);
      const page = await timed(times.page, pagePath, { headers: { "x-forwarded-for": "10.78.0.1", "accept-encoding": "gzip" } });
      if (page.status !== 200) note(`${pagePath} answered ${page.status}`);
    } catch (error) {
      note(messageOf(error));
    }
  }
}

// Warm-up, not measured: what a server does once after it starts (loading the PDF library and
// its fonts' modules, a first source map, first compilations) is not what a crowd of uploads costs.
await applyOnce("10.76.0.1");
await visitor(Date.now() + 2_000);
for (const list of Object.values(times)) list.length = 0;
slowReads.length = 0;
fiveHundreds = accepted = refused = 0;
const warmUpProblems = [...problems];
problems.clear();
if (warmUpProblems.length > 0) console.log(`warm-up problems: ${warmUpProblems.map(([m, n]) => `${n}× ${m}`).join("; ")}`);

console.log(`Uploads bench: ${clients} parents for ${seconds} s against ${origin} (${databaseUrl ? "PostgreSQL" : "PGlite"}, production build); a visitor reads /healthz and ${pagePath}`);
const sampler = setInterval(() => {
  try {
    peakRss = Math.max(peakRss, rssOf(server.pid));
  } catch {
    // The server has exited; the run's checks will say so.
  }
}, 50);
const until = Date.now() + seconds * 1000;
const t0 = performance.now();
runStart = t0;
await Promise.all([visitor(until), ...Array.from({ length: clients }, (_, n) => parent(n, until))]);
const elapsed = (performance.now() - t0) / 1000;
clearInterval(sampler);
const exitedAlone = server.exited();
await server.stop();

const pct = percentile;
const row = (name: string, list: number[]) =>
  `${name.padEnd(22)} ${String(list.length).padStart(6)}  p50 ${pct(list, 0.5).toFixed(1).padStart(8)} ms  p95 ${pct(list, 0.95).toFixed(1).padStart(8)} ms  p99 ${pct(list, 0.99).toFixed(1).padStart(8)} ms  max ${Math.max(...list, 0).toFixed(1).padStart(8)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
console.log(`\n${"".padEnd(22)} requests`);
console.log(row("/healthz", times.healthz));
console.log(row(pagePath, times.page));
console.log(row("/apply", times.apply));
console.log(row("acknowledgement PDF", times.pdf));
console.log(`\nran ${elapsed.toFixed(1)} s; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.availableParallelism()} cores`);
console.log(`applications accepted: ${accepted} (${(accepted / elapsed).toFixed(2)}/s); /apply refused: ${refused}`);
console.log(`server RSS: ${mib(rssAtStart)} at start, peak ${mib(peakRss)} (target ≤ ${mib(TARGET_RSS_BYTES)})`);
console.log(`5xx answers: ${fiveHundreds}`);
const slowest = [...slowReads].sort((a, b) => b.ms - a.ms).slice(0, 5);
if (slowest.length > 0) console.log(`reads over ${TARGET_P99_MS} ms: ${slowReads.length}; slowest: ${slowest.map((r) => `${r.what} ${r.ms.toFixed(0)} ms at ${r.at.toFixed(1)} s`).join(", ")}`);
if (problems.size > 0) console.log(`problems: ${[...problems].map(([m, n]) => `${n}× ${m}`).join("; ")}`);
if (exitedAlone) console.log(`the server exited during the run:\n${server.log()}`);

const checks = [
  [`p99 /healthz ≤ ${TARGET_P99_MS} ms`, pct(times.healthz, 0.99) <= TARGET_P99_MS],
  [`p99 ${pagePath} ≤ ${TARGET_P99_MS} ms`, pct(times.page, 0.99) <= TARGET_P99_MS],
  [`peak RSS ≤ ${mib(TARGET_RSS_BYTES)}`, peakRss <= TARGET_RSS_BYTES],
  ["no 5xx", fiveHundreds === 0],
  ["applications accepted", accepted > 0],
] as const;
for (const [what, ok] of checks) console.log(`${ok ? "met   " : "MISSED"} ${what}`);
process.exitCode = checks.every(([, ok]) => ok) && !exitedAlone ? 0 : 1;
