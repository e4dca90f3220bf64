/**
 * `npm run bench:surge [-- --applicants 300 --payers 300 --ramp 60 --think 1000 --addresses 12 --processes 1 --pool 10 --warm-up 0 --port 3470]`:
 * admission and fee day (issue 29). Runs on PostgreSQL (`scripts/ci/with-postgres.sh npm run
 * bench:surge`) against the production build (`npm run build` first), in the development
 * configuration: the only one with the test gateway, which answers at once.
 *
 * - `--applicants` parents each open /apply, post the form with a 2 MB photograph (a phone's
 *   4,000 × 3,000 JPEG) and a 2 MB birth certificate (a phone photo of the paper, JPEG), are sent
 *   to the hand-off page, pay the application fee on the test gateway, come back through
 *   /student-payment and open the success page.
 * - `--payers` parents each open /fees, find a student of the roll (admission number and date of
 *   birth; one in ten first mistypes the date), tick the first month due, see the total, pay it on
 *   the test gateway, come back and open the success page. The bench adds their students to the
 *   roll first.
 * - Each parent starts at a random moment within the first `--ramp` seconds ("the same minutes")
 *   and waits `--think` ms (± half) between steps, as a person reading the page would, on its
 *   own kept-alive connections. The crowd comes once the servers have settled after starting.
 * - They come from `--addresses` client addresses (X-Forwarded-For, TRUST_PROXY=1): a crowd behind
 *   a few carrier-grade NATs, with the site's own rate limits, not raised.
 * - `--processes N` runs N server processes on one PostgreSQL (ports port…port+N-1); each
 *   parent keeps to one, as a load balancer's sticky session would.
 * - `--warm-up N` first walks N applicants' and N fee payers' journeys one at a time (not
 *   counted): the crowd then meets servers that have been running for minutes, their code
 *   optimised and their background work (reconciliation every minute, pictures' copies) under
 *   way, as on the day. Without it the crowd comes within a minute of the servers' start.
 * - `--one-at-a-time` runs the parents one after another instead (no ramp): the answers are then
 *   unqueued, and the column "CPU ms" is the servers' CPU per request of each step (read from
 *   /proc at 10 ms ticks, so an average over many requests), which is where a surge's CPU goes.
 *
 * Prints, per step, requests, p50/p99/max in ms and answers by status; the parents who reached
 * the success page; what the database holds afterwards (applications, and paid orders against
 * the payments the gateway took: "lost" must be 0); the servers' RSS idle, at peak, 15 s and 60 s
 * after the last parent; the pictures' copies made by then; the CPU the servers, PostgreSQL and
 * the generator used, and the cores' time the hypervisor gave other machines (steal). Exit
 * status 1 when a target is missed: every parent at the success page, p99 of every step ≤ 1 s,
 * no 5xx, nothing lost, peak RSS ≤ 1 GiB a process.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { openDatabase } from "../../app/db/client.server";
import { students } from "../../app/db/schema/fees";
import { messageOf } from "~/lib/errors";
import { cpuMsOf, option, percentile, rssOf, startBenchServer, stolenCpuMs, type BenchServer } from "./harness";

const applicants = option("applicants", 300);
const payers = option("payers", 300);
const rampSeconds = option("ramp", 60);
const thinkMs = option("think", 1000, { zero: true });
const addresses = option("addresses", 12);
const processes = option("processes", 1);
const port = option("port", 3470);
/** DATABASE_POOL_MAX of each process; unset: the server's default. */
const pool = process.argv.includes("--pool") ? option("pool", 10) : undefined;
const oneAtATime = process.argv.includes("--one-at-a-time");
const warmUp = option("warm-up", 0, { zero: true });

const TARGET_P99_MS = 1000;
const TARGET_RSS_BYTES = 1024 * 1024 * 1024;
const FILE_BYTES = 2 * 1000 * 1000;

const databaseUrl = process.env.DATABASE_URL?.trim();
if (!databaseUrl) {
  console.error("bench:surge runs on PostgreSQL: scripts/ci/with-postgres.sh npm run bench:surge");
  process.exit(1);
}
const projectDir = path.resolve(import.meta.dirname, "../..");
if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
  console.error("build/server/index.js is missing: run `npm run build` first.");
  process.exit(1);
}

/** A JPEG of `width` × `height` whose noise band makes it just under FILE_BYTES (a phone's photo). */
async function jpegOfAbout(width: number, height: number): Promise<Buffer> {
  let band = height;
  for (;;) {
    const noise = await sharp({ create: { width, height: band, channels: 3, background: "#8a7f70", noise: { type: "gaussian", mean: 128, sigma: 30 } } }).png().toBuffer();
    const jpeg = await sharp({ create: { width, height, channels: 3, background: "#f4f1ea" } }).composite([{ input: noise, top: 0, left: 0 }]).jpeg({ quality: 85 }).toBuffer();
    if (jpeg.byteLength <= FILE_BYTES) return jpeg;
    band = Math.floor(band * 0.8);
  }
}
console.log("Making the documents…");
const photo = await jpegOfAbout(3000, 4000);
const certificate = await jpegOfAbout(4000, 3000);
console.log(`photograph ${(photo.byteLength / 1e6).toFixed(2)} MB, birth certificate ${(certificate.byteLength / 1e6).toFixed(2)} MB (JPEG)`);

// --profile DIR writes each server's V8 CPU profile there (open it in Chrome DevTools).
const profileAt = process.argv.indexOf("--profile");
const profile = profileAt >= 0 ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.argv[profileAt + 1] ?? "profiles")] : [];
const servers: BenchServer[] = [];
for (let i = 0; i < processes; i++) {
  servers.push(
    await startBenchServer(projectDir, port + i, {
      APP_ENV: "development",
      PAYMENT_PROVIDER: "mock",
      TRUST_PROXY: "1",
      DATABASE_URL: databaseUrl,
      ...(pool ? { DATABASE_POOL_MAX: String(pool) } : {}),
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    }, profile),
  );
}
const stopAll = async () => Promise.all(servers.map((s) => s.stop()));
const serversCpuMs = () => servers.reduce((ms, s) => ms + cpuMsOf(s.pid), 0);
process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));

// The fee payers' students, added to the roll of the current session.
const db = await openDatabase({ databaseUrl });
const run = Date.now().toString(36).slice(-5).toUpperCase();
const roll = Array.from({ length: payers + warmUp }, (_, i) => ({ admissionNumber: `S${run}/${String(i).padStart(4, "0")}`, dateOfBirth: "2016-03-14" }));
if (roll.length > 0) {
  await db.db.insert(students).values(
    roll.map((r, i) => ({
      admissionNumber: r.admissionNumber, name: `Surge Child ${i}`, dateOfBirth: r.dateOfBirth, className: "Class 4" as const, section: "A",
      fatherName: `Surge Parent ${i}`, motherName: null, mobile: `98${String(10_000_000 + i).slice(-8)}`, email: null, busStop: null, concessions: [], joinedSession: null, joinedMonth: null,
    })),
  );
}

type Step = { times: number[]; statuses: Map<number, number>; cpuMs: number };
let steps = new Map<string, Step>();
let fiveHundreds = 0;
/** Payments the test gateway took (its answer sent the parent back): each must be paid here. */
let gatewayTook = 0;
let problems = new Map<string, number>();
const note = (what: string) => problems.set(what, (problems.get(what) ?? 0) + 1);

/**
 * A parent's phone: its server (`origin`), its address and its own kept-alive connections
 * (`agent`), which stay idle only while the parent reads (under the server's 5 s keep-alive, so
 * the server never closes one as the phone sends on it). It speaks plain HTTP/1.1 (node:http),
 * with gzip as a browser asks for it: Node's `fetch` cost this load generator about 5 ms of CPU
 * a request (its WHATWG Request, Headers, streams and body copies), on the two cores the
 * servers share: 12.6 s for 300 parents one at a time, against the servers' 40.3 s.
 */
type Phone = { origin: string; ip: string; agent: http.Agent };
type Sent = { method?: string; body?: string | Uint8Array; headers?: Record<string, string> };
function send(url: URL, agent: http.Agent, init: Sent): Promise<{ status: number; location: string | null; text: string }> {
  const body = init.body === undefined ? undefined : typeof init.body === "string" ? Buffer.from(init.body) : init.body;
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", agent, headers: { ...init.headers, ...(body ? { "content-length": String(body.byteLength) } : {}) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const text = (response.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
        resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, text });
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** One timed request of a step; the body is read whole (the time a parent waits for the page). */
async function timed(step: string, { origin, ip, agent }: Phone, url: string, init: Sent = {}): Promise<{ status: number; location: string | null; text: string }> {
  const cpu0 = oneAtATime ? serversCpuMs() : 0;
  const t0 = performance.now();
  const answer = await send(new URL(url, origin), agent, { ...init, headers: { origin, "x-forwarded-for": ip, "accept-encoding": "gzip", ...init.headers } });
  const s: Step = steps.get(step) ?? { times: [], statuses: new Map(), cpuMs: 0 };
  steps.set(step, s);
  s.times.push(performance.now() - t0);
  if (oneAtATime) s.cpuMs += serversCpuMs() - cpu0;
  s.statuses.set(answer.status, (s.statuses.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500) fiveHundreds++;
  return answer;
}

const think = () => new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return { method: "POST", body: body.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } };
};
function expectRedirect(answer: { status: number; location: string | null }, what: string): string {
  if (answer.status < 300 || answer.status >= 400 || !answer.location) throw new Error(`${what} answered ${answer.status}`);
  return answer.location;
}

/** Hand-off page → test gateway → return → success page, shared by both journeys. Returns whether it reached success. */
async function payOnTheTestGateway(phone: Phone, handoff: string): Promise<boolean> {
  await think();
  const page = await timed("hand-off page", phone, handoff);
  const gateway = /href="(\/mock-payment\?[^"]+)"/.exec(page.text)?.[1]?.replaceAll("&amp;", "&");
  if (!gateway) throw new Error(`the hand-off page (${page.status}) has no link to the test gateway`);
  await think();
  const back = expectRedirect(await timed("test gateway: pay", phone, gateway, form({ decision: "pay" })), "the test gateway");
  gatewayTook++;
  const result = expectRedirect(await timed("return (/student-payment)", phone, back), "the return");
  if (!result.startsWith("/payment-success")) throw new Error(`the return sent the parent to ${result.split("?")[0]}`);
  const success = await timed("success page", phone, result);
  return success.status === 200;
}

const APPLICATION: Record<string, string> = {
  childName: "Surge Child", dateOfBirth: "2021-06-15", gender: "Girl", classApplied: "UKG", nationality: "Indian", motherTongue: "Bengali", category: "General",
  motherName: "Surge Parent", mobile: "9876543210", address: "12 Station Road, Malancha", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes",
};

/**
 * The application's multipart body, encoded once: a parent's phone does this work, not the
 * server's machine. Encoding the 4 MB FormData for each post cost this load generator about 12 ms
 * of CPU an application, on the cores the servers share (200 applicants one at a time: 14.2 s of
 * its CPU then, 11.8 s now).
 */
const applicationPost = await (async () => {
  const form = new FormData();
  for (const [k, v] of Object.entries(APPLICATION)) form.append(k, v);
  form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_20261127_101500.jpg");
  form.append("birthCertificate", new Blob([new Uint8Array(certificate)], { type: "image/jpeg" }), "birth-certificate.jpg");
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get("content-type")! };
})();

async function applicant(phone: Phone): Promise<boolean> {
  const page = await timed("GET /apply", phone, "/apply");
  if (page.status !== 200) throw new Error(`/apply answered ${page.status}`);
  await think();
  const handoff = expectRedirect(await timed("POST /apply (4 MB)", phone, "/apply", { method: "POST", body: applicationPost.body, headers: { "content-type": applicationPost.type } }), "the application");
  if (!handoff.startsWith("/pay/")) throw new Error(`the application was stored but its payment did not start (${handoff.split("?")[0]})`);
  return payOnTheTestGateway(phone, handoff);
}

async function feePayer(phone: Phone, student: { admissionNumber: string; dateOfBirth: string }, mistypes: boolean): Promise<boolean> {
  const page = await timed("GET /fees", phone, "/fees");
  if (page.status !== 200) throw new Error(`/fees answered ${page.status}`);
  await think();
  if (mistypes) {
    const wrong = await timed("find the student", phone, "/fees", form({ intent: "find", admissionNumber: student.admissionNumber, dateOfBirth: "2016-03-15" }));
    if (wrong.status !== 200 || /name="token"/.test(wrong.text)) throw new Error(`a mistyped date of birth answered ${wrong.status}`);
    await think();
  }
  const found = await timed("find the student", phone, "/fees", form({ intent: "find", ...student }));
  const token = /name="token" value="([^"]+)"/.exec(found.text)?.[1];
  const month = /name="month" value="([^"]+)"/.exec(found.text)?.[1];
  if (!token || !month) throw new Error(`finding the student answered ${found.status} without the months`);
  await think();
  const total = await timed("see the total", phone, "/fees", form({ intent: "total", token, month }));
  const seenTotal = /name="seenTotal" value="(\d+)"/.exec(total.text)?.[1];
  if (!seenTotal) throw new Error(`the total answered ${total.status} without a total`);
  await think();
  const handoff = expectRedirect(await timed("pay (start the order)", phone, "/fees", form({ intent: "pay", token, month, seenTotal })), "paying");
  return payOnTheTestGateway(phone, handoff);
}

const addressOf = (n: number) => `100.64.${Math.floor(n / 250)}.${(n % 250) + 1}`;
let succeeded = { applicants: 0, payers: 0 };
const parents = [
  ...Array.from({ length: applicants }, (_, i) => ({ kind: "applicants" as const, i })),
  ...Array.from({ length: payers }, (_, i) => ({ kind: "payers" as const, i })),
];

/** PostgreSQL's postmaster (with-postgres.sh exports PGDATA): its backends are its children. */
const postmaster = (() => {
  try {
    return Number(readFileSync(path.join(process.env.PGDATA ?? "", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return 0;
  }
})();
const cpuNow = () => ({ servers: serversCpuMs(), postgres: postmaster ? cpuMsOf(postmaster) : 0, bench: process.cpuUsage(), stolen: stolenCpuMs() });
/** One parent's journey, counted in `succeeded` or `problems`; fee payer i pays for roll[i]. */
async function journey(p: (typeof parents)[number], n: number): Promise<void> {
  const phone: Phone = { origin: servers[n % servers.length]!.origin, ip: addressOf(n % addresses), agent: new http.Agent({ keepAlive: true }) };
  try {
    const ok = p.kind === "applicants" ? await applicant(phone) : await feePayer(phone, roll[p.i]!, p.i % 10 === 0);
    if (ok) succeeded = { ...succeeded, [p.kind]: succeeded[p.kind] + 1 };
    else note(`${p.kind}: the success page did not open`);
  } catch (error) {
    note(`${p.kind}: ${messageOf(error)}`);
  } finally {
    phone.agent.destroy();
  }
}

if (warmUp > 0) {
  // Alternating kinds, each parent on the next process; the fee payers pay for the roll's last students.
  const warming = performance.now();
  for (let i = 0; i < 2 * warmUp; i++) await journey(i % 2 ? { kind: "payers", i: payers + (i >> 1) } : { kind: "applicants", i: i >> 1 }, i);
  const walked = succeeded.applicants + succeeded.payers;
  console.log(`warm-up: ${walked} of ${2 * warmUp} journeys reached the success page in ${((performance.now() - warming) / 1000).toFixed(0)} s${problems.size > 0 ? ` (${[...problems].map(([m, n]) => `${n}× ${m}`).join("; ")})` : ""}`);
  steps = new Map();
  problems = new Map();
  fiveHundreds = 0;
  gatewayTook = 0;
  succeeded = { applicants: 0, payers: 0 };
}
// The day's crowd meets servers that started long before: each has rendered its memory pages and
// made their best-quality Brotli copies (~95 ms of a thread each, server/page-cache.ts) by then,
// and the warm-up's pictures' copies. Wait (at most 60 s) for a second in which the servers used
// under 50 ms of CPU.
const settling = performance.now();
for (let second = 0; second < 60; second++) {
  const cpu = serversCpuMs();
  await new Promise((r) => setTimeout(r, 1_000));
  if (serversCpuMs() - cpu < 50) break;
}
console.log(`servers settled after starting${warmUp > 0 ? " and the warm-up" : ""}: waited ${((performance.now() - settling) / 1000).toFixed(0)} s`);
const idle = servers.map((s) => rssOf(s.pid));
const peak = [...idle];
const sampler = setInterval(() => servers.forEach((s, i) => (peak[i] = Math.max(peak[i]!, rssOf(s.pid)))), 100);
console.log(oneAtATime ? `One at a time: ${applicants} applicants, then ${payers} fee payers (think ${thinkMs} ms), ${processes} process${processes > 1 ? "es" : ""} on PostgreSQL` : `Surge: ${applicants} applicants and ${payers} fee payers starting within ${rampSeconds} s (think ${thinkMs} ms), from ${addresses} addresses, ${processes} process${processes > 1 ? "es" : ""} on PostgreSQL${pool ? ` (pool of ${pool} each)` : ""}`);
const count = async (query: ReturnType<typeof sql>) => Number(((await db.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
const paidOrders = (purpose: string) => count(sql`SELECT count(*)::int AS n FROM payment_orders WHERE purpose = ${purpose} AND status = 'paid'`);
const storedApplications = () => count(sql`SELECT count(*)::int AS n FROM applications WHERE child_name = 'Surge Child'`);
const before = { application: await paidOrders("application_fee"), tuition: await paidOrders("tuition"), stored: await storedApplications() };
/** Normalised copies of the pictures made so far (app/features/admissions/documents.server.ts). */
const copiesMade = () =>
  servers.reduce((n, s) => n + (existsSync(path.join(s.dataDir, "documents/applications")) ? readdirSync(path.join(s.dataDir, "documents/applications")).filter((f) => f.endsWith(".view.jpg")).length : 0), 0);
const copiesBefore = copiesMade();
const serverLog = (s: BenchServer) => readFileSync(path.join(s.dataDir, "server.log"), "utf8");
/** Where each server's log stood when the crowd came: reconciliation is counted from there. */
const logStart = servers.map((s) => serverLog(s).length);
const cpuBefore = cpuNow();
const t0 = performance.now();
if (oneAtATime) {
  for (const [n, p] of parents.entries()) await journey(p, n);
} else {
  await Promise.all(
    parents.map(async (p, n) => {
      await new Promise((r) => setTimeout(r, Math.random() * rampSeconds * 1000));
      await journey(p, n);
    }),
  );
}
const elapsed = (performance.now() - t0) / 1000;
const cpuAfter = cpuNow();
const benchCpu = process.cpuUsage(cpuBefore.bench);
const copiesAtEnd = copiesMade() - copiesBefore;
await new Promise((r) => setTimeout(r, 15_000));
const after = servers.map((s) => rssOf(s.pid));
await new Promise((r) => setTimeout(r, 45_000));
clearInterval(sampler);
const later = servers.map((s) => rssOf(s.pid));
const copiesLater = copiesMade() - copiesBefore;
const exitedAlone = servers.some((s) => s.exited());

/** The servers' reconciliation runs that asked about some order (server/payments.ts logs them), and the orders they asked about. */
let reconciliationRuns = 0;
let reconciledOrders = 0;
for (const [i, s] of servers.entries()) {
  for (const m of serverLog(s).slice(logStart[i]).matchAll(/Payment reconciliation: (\d+) checked/g)) {
    reconciliationRuns++;
    reconciledOrders += Number(m[1]);
  }
}
const stored = (await storedApplications()) - before.stored;
const paidApplications = (await paidOrders("application_fee")) - before.application;
const paidFees = (await paidOrders("tuition")) - before.tuition;
await db.close();
await stopAll();

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
console.log(`\n${"step".padEnd(28)} ${"requests".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"max ms".padStart(8)}${oneAtATime ? "  CPU ms" : ""}  answers`);
const order = ["GET /apply", "POST /apply (4 MB)", "GET /fees", "find the student", "see the total", "pay (start the order)", "hand-off page", "test gateway: pay", "return (/student-payment)", "success page"];
for (const name of order) {
  const s = steps.get(name);
  if (!s) continue;
  const statuses = [...s.statuses].sort(([a], [b]) => a - b).map(([code, n]) => `${n}× ${code}`).join(", ");
  console.log(`${name.padEnd(28)} ${String(s.times.length).padStart(8)} ${percentile(s.times, 0.5).toFixed(0).padStart(8)} ${percentile(s.times, 0.99).toFixed(0).padStart(8)} ${Math.max(...s.times).toFixed(0).padStart(8)}${oneAtATime ? (s.cpuMs / s.times.length).toFixed(1).padStart(8) : ""}  ${statuses}`);
}
console.log(`\nran ${elapsed.toFixed(1)} s; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.availableParallelism()} cores`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(`CPU used during the surge: server${processes > 1 ? "s" : ""} ${seconds(cpuAfter.servers - cpuBefore.servers)}, PostgreSQL ${postmaster ? seconds(cpuAfter.postgres - cpuBefore.postgres) : "(not measured)"}, this load generator ${seconds((benchCpu.user + benchCpu.system) / 1000)}, of ${seconds(elapsed * 1000 * os.availableParallelism())} the cores had; taken by the hypervisor for other machines (steal) ${seconds(cpuAfter.stolen - cpuBefore.stolen)}`);
console.log(`reached the success page: ${succeeded.applicants} of ${applicants} applicants, ${succeeded.payers} of ${payers} fee payers`);
console.log(`stored: ${stored} applications; paid orders: ${paidApplications} application fees, ${paidFees} school fees`);
const lost = gatewayTook - paidApplications - paidFees;
console.log(`server RSS per process: idle ${idle.map(mib).join(", ")}; peak ${peak.map(mib).join(", ")}; 15 s after ${after.map(mib).join(", ")}; 60 s after ${later.map(mib).join(", ")}`);
console.log(`pictures' normalised copies made: ${copiesAtEnd} of ${2 * applicants} when the last parent finished, ${copiesLater} 60 s later`);
console.log(`reconciliation (asking the gateway about open orders) from the crowd's start to 60 s after: ${reconciliationRuns} runs asked about ${reconciledOrders} orders`);
console.log(`5xx answers: ${fiveHundreds}`);
console.log(`payments the test gateway took: ${gatewayTook}; not paid here (lost): ${lost}`);
if (problems.size > 0) console.log(`problems: ${[...problems].map(([m, n]) => `${n}× ${m}`).join("; ")}`);
if (exitedAlone) console.log(`a server exited during the run:\n${servers.map((s) => s.log()).join("\n")}`);

const p99s = [...steps].map(([name, s]) => [name, percentile(s.times, 0.99)] as const);
const checks = [
  ["every parent reached the success page", succeeded.applicants === applicants && succeeded.payers === payers],
  ["nothing lost", lost === 0],
  [`p99 of every step ≤ ${TARGET_P99_MS} ms`, p99s.every(([, p]) => p <= TARGET_P99_MS)],
  ["no 5xx", fiveHundreds === 0],
  ["every application stored and its fee paid", stored === applicants && paidApplications === applicants],
  ["every school fee paid", paidFees === payers],
  [`peak RSS ≤ ${mib(TARGET_RSS_BYTES)} a process`, peak.every((p) => p <= TARGET_RSS_BYTES)],
] as const;
for (const [what, ok] of checks) console.log(`${ok ? "met   " : "MISSED"} ${what}`);
process.exitCode = checks.every(([, ok]) => ok) && !exitedAlone ? 0 : 1;
