/**
 * `npm run test:faults`, run under `scripts/ci/with-postgres.sh`, which gives
 * DATABASE_URL and PG_CTL: the production build (run `npm run build` first) serves steady
 * load of page views, enquiries, beacons, /healthz and the administrator's enquiry inbox while PostgreSQL is restarted
 * (`pg_ctl restart -m fast`), then stopped for 30 s (FAULTS_OUTAGE_S) and started again. Then the
 * server is stopped with SIGTERM and the tables are read. Prints each outcome as a figure and
 * exits 1 unless:
 * - the server never exited on its own, and its SIGTERM shutdown exited 0;
 * - from 5 s after PostgreSQL is back (after the restart and after the outage), every request
 *   succeeded (page 200, enquiry 200, beacon 204, /healthz 200, inbox 200), except one still in
 *   flight when the stop began;
 * - no request took longer than 10 s (FAULTS_MAX_LATENCY_MS), outage or not;
 * - while PostgreSQL is stopped, the inbox, /healthz and enquiries answer 503 (not 500);
 * - every enquiry answered as stored (200) is in `enquiries`;
 * - every beacon answered 204 is in `visitor_analytics`, unless the server counted it dropped.
 * Options: `--port N` (default 3850).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { enrolOverHttp, signInOverHttp } from "../../tests/support/two-factor-http";
import { projectDir, serverEnv, startServer, type ServerProcess } from "./server-process";

const run = promisify(execFile);
const portArg = process.argv.indexOf("--port");
const port = portArg >= 0 ? Number(process.argv[portArg + 1]) : 3850;
const databaseUrl = process.env.DATABASE_URL;
const pgCtl = process.env.PG_CTL;
const OUTAGE_MS = Number(process.env.FAULTS_OUTAGE_S ?? 30) * 1000;
const MAX_LATENCY_MS = Number(process.env.FAULTS_MAX_LATENCY_MS ?? 10_000);
/** Requests started this long after PostgreSQL is back must all succeed. */
const RECOVERY_MS = 5_000;

if (!databaseUrl || !pgCtl) {
  console.error("Run under scripts/ci/with-postgres.sh: DATABASE_URL and PG_CTL are needed (npm run test:faults does).");
  process.exit(2);
}
if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
  console.error("build/server/index.js is missing: run `npm run build` first.");
  process.exit(2);
}

const origin = `http://127.0.0.1:${port}`;
let server: ServerProcess | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "kva-faults-"));
const started = Date.now();
const at = () => Date.now() - started;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.log(`[faults ${(at() / 1000).toFixed(1).padStart(5)} s] ${line}`);

type Kind = "page" | "enquiry" | "beacon" | "health" | "admin";
type Sample = { kind: Kind; start: number; ms: number; status: number; ok: boolean; key?: string };
const samples: Sample[] = [];

async function timed(kind: Kind, key: string | undefined, request: () => Promise<Response>, ok: (r: Response) => boolean) {
  const start = at();
  let status = 0;
  let good = false;
  try {
    const response = await request();
    status = response.status;
    good = ok(response);
    await response.arrayBuffer();
  } catch {
    status = 0;
  }
  samples.push({ kind, start, ms: at() - start, status, ok: good, key });
}

const timeout = () => AbortSignal.timeout(MAX_LATENCY_MS + 5_000);
const forwarded = (n: number) => ({ "X-Forwarded-For": `49.37.${(n >> 8) & 255}.${n & 255}` });
const pages = ["/", "/overview", "/fee", "/contact", "/admissions-overview", "/gallery"];
let enquiryNo = 0;
let beaconNo = 0;
let loadOn = true;

async function pageWorker(n: number) {
  for (let i = 0; loadOn; i++) {
    await timed("page", undefined, () => fetch(origin + pages[(i + n) % pages.length], { headers: forwarded(n), signal: timeout() }), (r) => r.status === 200);
    await sleep(50);
  }
}
async function healthWorker() {
  while (loadOn) {
    await timed("health", undefined, () => fetch(`${origin}/healthz`, { signal: timeout() }), (r) => r.status === 200);
    await sleep(250);
  }
}
/** The administrator's enquiry inbox: a page that needs the database for the session and the rows. */
async function adminWorker(cookie: string) {
  while (loadOn) {
    await timed("admin", undefined, () => fetch(`${origin}/admin/enquiries`, { headers: { Cookie: cookie }, signal: timeout(), redirect: "manual" }), (r) => r.status === 200);
    await sleep(200);
  }
}

/**
 * Signs the administrator in and sets up the second factor the owner must have before the
 * inbox opens (tests/support/two-factor-http.ts); returns the Cookie header for later requests.
 */
async function signIn(): Promise<string> {
  const owner = { email: "admin@ops.example", password: "ops-admin-password-1" };
  const { cookie } = await signInOverHttp(origin, owner);
  return (await enrolOverHttp(origin, owner, cookie)).cookie;
}

async function enquiryWorker(n: number) {
  while (loadOn) {
    const no = ++enquiryNo;
    const name = `Fault Test ${no}`;
    const body = new URLSearchParams({ name, phone: `98765${String(no % 100000).padStart(5, "0")}`, class: "Class 5", email: `fault${no}@example.com`, sourcePage: "/enquire" });
    await timed(
      "enquiry",
      name,
      () => fetch(`${origin}/enquire`, { method: "POST", body, headers: { Origin: origin, ...forwarded(1000 + n) }, signal: timeout(), redirect: "manual" }),
      (r) => r.status === 200,
    );
    await sleep(100);
  }
}
async function beaconWorker(n: number) {
  while (loadOn) {
    const sid = `faultbeacon${++beaconNo}`;
    const body = JSON.stringify({ sid, path: pages[beaconNo % pages.length] });
    await timed(
      "beacon",
      sid,
      () =>
        fetch(`${origin}/api/track`, {
          method: "POST",
          body,
          headers: {
            "Content-Type": "text/plain;charset=UTF-8",
            Origin: origin,
            "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
            ...forwarded(2000 + n),
          },
          signal: timeout(),
        }),
      (r) => r.status === 204,
    );
    await sleep(40);
  }
}

async function pgCtlRun(...args: string[]): Promise<void> {
  const t = at();
  await run(pgCtl!, args);
  say(`pg_ctl ${args.join(" ")} (${at() - t} ms)`);
}

async function main(): Promise<number> {
  server = await startServer(
    serverEnv(port, dataDir, { DATABASE_URL: databaseUrl!, RATE_LIMIT_POSTS: "1000000", RATE_LIMIT_BEACONS: "1000000", RATE_LIMIT_RENDERED: "1000000" }),
    (status) => say(`SERVER EXITED by itself (status ${status})`),
  );
  say(`server up on ${origin}`);
  const workers = [pageWorker(0), pageWorker(1), healthWorker(), adminWorker(await signIn()), ...[0, 1, 2, 3].map(enquiryWorker), ...[0, 1, 2, 3].map(beaconWorker)];

  await sleep(5_000);
  const restartAt = at();
  await pgCtlRun("restart", "-m", "fast");
  const restartBack = at();
  await sleep(15_000);
  const stopAt = at();
  await pgCtlRun("stop", "-m", "fast");
  await sleep(OUTAGE_MS);
  await pgCtlRun("start");
  const startBack = at();
  await sleep(20_000);
  loadOn = false;
  await Promise.all(workers);
  const loadEnd = at();

  const exitedAlone = server.exitedAlone();
  const sigtermAt = at();
  const shutdownStatus = await server.stop();
  const shutdownMs = at() - sigtermAt;
  const serverLog = server.log();

  // What the database holds.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const storedNames = new Set((await client.query<{ name: string }>("SELECT name FROM enquiries WHERE name LIKE 'Fault Test %'")).rows.map((r) => r.name));
  const storedSids = new Set((await client.query<{ session_id: string }>("SELECT session_id FROM visitor_analytics WHERE session_id LIKE 'faultbeacon%'")).rows.map((r) => r.session_id));
  await client.end();

  const ingestLine = /Analytics ingest: .*/.exec(serverLog)?.[0] ?? "";
  const droppedByServer = Number(/(\d+) dropped/.exec(ingestLine)?.[1] ?? 0);

  // Figures.
  // Between the two faults a request counts only if it was over before the stop began: one still
  // in flight then may lose its connection to the fast shutdown (CI saw four enquiries that
  // started 0-5 ms before the stop answer 503 after about 120 ms).
  const recovered = (s: Sample) => (s.start >= restartBack + RECOVERY_MS && s.start + s.ms < stopAt) || s.start >= startBack + RECOVERY_MS;
  const afterRecovery = samples.filter(recovered);
  const failedAfter = afterRecovery.filter((s) => !s.ok);
  const slow = samples.filter((s) => s.ms > MAX_LATENCY_MS);
  const outage = samples.filter((s) => s.start >= stopAt && s.start < startBack);
  const enquiries200 = samples.filter((s) => s.kind === "enquiry" && s.ok);
  const enquiriesLost = enquiries200.filter((s) => !storedNames.has(s.key!));
  const enquiriesRefusedStored = samples.filter((s) => s.kind === "enquiry" && !s.ok && storedNames.has(s.key!));
  const beacons204 = samples.filter((s) => s.kind === "beacon" && s.ok);
  const beaconsMissing = beacons204.filter((s) => !storedSids.has(s.key!));
  /** First success of a kind after `from`, in ms after `from`. */
  const firstOk = (kind: Kind, from: number) => {
    const s = samples.filter((x) => x.kind === kind && x.start >= from && x.ok).sort((a, b) => a.start - b.start)[0];
    return s ? `${s.start + s.ms - from} ms` : "never";
  };
  const byKind = (list: Sample[]) =>
    (["page", "enquiry", "beacon", "health", "admin"] as Kind[])
      .map((k) => {
        const of = list.filter((s) => s.kind === k);
        const statuses = new Map<number, number>();
        for (const s of of) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
        const max = of.reduce((m, s) => Math.max(m, s.ms), 0);
        return `${k} ${of.length} [${[...statuses].map(([st, n]) => `${st || "no answer"}: ${n}`).join(", ")}] max ${max} ms`;
      })
      .join("; ");

  // While PostgreSQL is stopped, what needs it says so at once: 503, never a 500 or no answer.
  const needsDb = outage.filter((s) => s.kind === "admin" || s.kind === "health" || s.kind === "enquiry");
  const wrongDuring = needsDb.filter((s) => s.status !== 503 && s.status !== 200);
  const checks: [string, boolean, string][] = [
    ["during the outage, what needs the database answers 503", needsDb.some((s) => s.status === 503) && wrongDuring.length === 0, `${needsDb.filter((s) => s.status === 503).length} of ${needsDb.length} answered 503, ${wrongDuring.length} answered otherwise (${[...new Set(wrongDuring.map((s) => s.status))].join(", ") || "none"})`],
    ["server never exited by itself", exitedAlone === null, exitedAlone === null ? "alive through both faults" : `exited with ${exitedAlone}`],
    ["graceful shutdown on SIGTERM", shutdownStatus === 0, `exit ${shutdownStatus} after ${shutdownMs} ms`],
    [`every request ≥ ${RECOVERY_MS / 1000} s after recovery succeeded`, afterRecovery.length > 0 && failedAfter.length === 0, `${afterRecovery.length - failedAfter.length} of ${afterRecovery.length} succeeded`],
    [`no request took longer than ${MAX_LATENCY_MS} ms`, slow.length === 0, `${slow.length} slower; slowest ${samples.reduce((m, s) => Math.max(m, s.ms), 0)} ms`],
    ["every enquiry answered as stored is in the table", enquiries200.length > 0 && enquiriesLost.length === 0, `${enquiries200.length} answered 200, ${enquiries200.length - enquiriesLost.length} in the table, ${enquiriesLost.length} lost`],
    ["no 204 beacon lost unless counted dropped", beacons204.length > 0 && beaconsMissing.length <= droppedByServer, `${beacons204.length} answered 204, ${beacons204.length - beaconsMissing.length} stored, ${beaconsMissing.length} missing, ${droppedByServer} counted dropped`],
  ];

  console.log("\n=== Database fault test (PostgreSQL restarted, then stopped and started) ===");
  console.log(`load: ${samples.length} requests in ${(loadEnd / 1000).toFixed(0)} s: ${byKind(samples)}`);
  console.log(`restart -m fast at ${(restartAt / 1000).toFixed(1)} s, back at ${(restartBack / 1000).toFixed(1)} s; first success after it: page ${firstOk("page", restartBack)}, enquiry ${firstOk("enquiry", restartBack)}, beacon ${firstOk("beacon", restartBack)}, /healthz ${firstOk("health", restartBack)}, admin ${firstOk("admin", restartBack)}`);
  console.log(`outage ${(stopAt / 1000).toFixed(1)}-${(startBack / 1000).toFixed(1)} s: ${byKind(outage)}`);
  console.log(`after start: first success page ${firstOk("page", startBack)}, enquiry ${firstOk("enquiry", startBack)}, beacon ${firstOk("beacon", startBack)}, /healthz ${firstOk("health", startBack)}, admin ${firstOk("admin", startBack)}`);
  console.log(`enquiries answered 503 but stored anyway (the commit landed, the answer did not): ${enquiriesRefusedStored.length}`);
  console.log(`server: ${ingestLine || "no ingest line logged"}`);
  for (const [name, ok, figure] of checks) console.log(`${ok ? "PASS" : "FAIL"}  ${name}: ${figure}`);
  if (failedAfter.length > 0) console.log("failed after recovery (first 10):", failedAfter.slice(0, 10));
  const failed = checks.some(([, ok]) => !ok);
  if (failed) console.log(`--- server log (last 3000 characters) ---\n${serverLog.slice(-3000)}`);
  return failed ? 1 : 0;
}

main()
  .then((code) => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(error);
    void server?.stop();
    // PostgreSQL may have been left stopped: with-postgres.sh cleans it up either way.
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  });
