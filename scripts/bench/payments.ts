/**
 * `npm run bench:payments [-- --parents 400 --concurrency 25 --port 3450]`: N concurrent parents
 * against the production build (run `npx react-router build` first) with the test gateway, on a
 * fresh PGlite folder, or on DATABASE_URL when set (`scripts/ci/with-postgres.sh npm run
 * bench:payments`). Each parent starts a sample payment (one in ten double-submits it), opens the
 * hand-off, answers the test gateway (90 % pay, 5 % fail, 5 % leave pending) and returns through
 * /student-payment (one in five replays the return three times at once, as a reload or a double
 * POST would). The server runs in the development configuration, the only one with sample
 * payments and the test gateway; each parent has its own client IP (X-Forwarded-For, TRUST_PROXY=1).
 *
 * Prints orders/s, p50/p99 of the return, and from the database afterwards: orders per thing
 * owed (a double submit must give one), double-paid (things with more than one paid order; must
 * be 0) and lost (payments the gateway took that are not paid here, or a success page for an
 * unpaid order; must be 0). Exit status 1 when either is not 0.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";
import { messageOf } from "~/lib/errors";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const parents = option("parents", 400);
const concurrency = option("concurrency", 25);
const port = option("port", 3450);
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const projectDir = path.resolve(import.meta.dirname, "../..");
if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
  console.error("build/server/index.js is missing: run `npx react-router build` first.");
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), "kva-bench-payments-"));
const origin = `http://localhost:${port}`;
const run = Date.now().toString(36);

console.log(`Payments bench on ${databaseUrl ? "PostgreSQL" : "PGlite"}: ${parents} parents, ${concurrency} at a time, ${origin}`);
const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
  cwd: projectDir,
  env: {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_SITE_URL: origin,
    ADMIN_EMAIL: "admin@bench.example",
    ADMIN_PASSWORD: "bench-admin-password-1",
    PAYMENT_PROVIDER: "mock",
    TRUST_PROXY: "1",
    RATE_LIMIT_POSTS: "1000000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let log = "";
server.stdout.on("data", (d) => (log += d));
server.stderr.on("data", (d) => (log += d));
const exited = new Promise<void>((resolve) => server.on("exit", () => resolve()));
const started = Date.now();
while (!log.includes("Serving")) {
  if (server.exitCode !== null || Date.now() - started > 90_000) {
    console.error(`The server did not start:\n${log}`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}

type Outcome = "pay" | "fail" | "pending";
type Parent = { key: string; ip: string; outcome: Outcome; publicIds: Set<string>; landed: string[] };

async function request(p: Parent, method: "GET" | "POST", url: string, form?: Record<string, string>): Promise<Response> {
  return fetch(url.startsWith("http") ? url : `${origin}${url}`, {
    method,
    redirect: "manual",
    headers: { "x-forwarded-for": p.ip, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
}

function location(response: Response, what: string): string {
  const to = response.headers.get("location");
  if (!to || response.status < 300 || response.status >= 400) throw new Error(`${what}: expected a redirect, got ${response.status}`);
  return to;
}

const returnTimes: number[] = [];
let failures = 0;
const errors = new Map<string, number>();

async function parentFlow(i: number): Promise<Parent> {
  const r = Math.random();
  const p: Parent = { key: `bench-${run}-${i}`, ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, outcome: r < 0.9 ? "pay" : r < 0.95 ? "fail" : "pending", publicIds: new Set(), landed: [] };
  const form = { amount: ["one-rupee", "application", "two-months", "with-paise"][i % 4]!, key: p.key };
  const submits = i % 10 === 0 ? 2 : 1;
  const handoffs = await Promise.all(Array.from({ length: submits }, async () => location(await request(p, "POST", "/sample-payment", form), "start")));
  for (const h of handoffs) p.publicIds.add(h.split("/").pop()!);
  const page = await (await request(p, "GET", handoffs[0]!)).text();
  const mockUrl = /href="(\/mock-payment\?[^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&");
  if (!mockUrl) throw new Error("hand-off page without the test gateway's link");
  const back = location(await request(p, "POST", mockUrl, { decision: p.outcome }), "gateway");
  const replays = i % 5 === 0 ? 3 : 1;
  const answers = await Promise.all(
    Array.from({ length: replays }, async () => {
      const t0 = performance.now();
      const response = await request(p, "GET", back);
      returnTimes.push(performance.now() - t0);
      return location(response, "return");
    }),
  );
  p.landed = answers;
  return p;
}

const done: Parent[] = [];
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < parents) {
      const i = next++;
      try {
        done.push(await parentFlow(i));
      } catch (error) {
        failures++;
        const message = messageOf(error);
        errors.set(message, (errors.get(message) ?? 0) + 1);
      }
    }
  }),
);
const seconds = (performance.now() - t0) / 1000;
server.kill("SIGTERM");
await exited;

const handle = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, "pglite") });
type Row = { public_id: string; payable_key: string; status: string };
const rows = ((await handle.db.execute(sql`SELECT public_id, payable_key, status FROM payment_orders WHERE payable_key LIKE ${`sample:bench-${run}-%`}`)) as unknown as { rows: Row[] }).rows;
const events = ((await handle.db.execute(sql`SELECT count(*)::int AS n FROM payment_events e JOIN payment_orders o ON o.id = e.order_id WHERE o.payable_key LIKE ${`sample:bench-${run}-%`} AND e.kind = 'return'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
await handle.close();
rmSync(dataDir, { recursive: true, force: true });

const byKey = new Map<string, Row[]>();
for (const row of rows) byKey.set(row.payable_key, [...(byKey.get(row.payable_key) ?? []), row]);
const statusOf = new Map(rows.map((r) => [r.public_id, r.status]));
const doublePaid = [...byKey.values()].filter((list) => list.filter((r) => r.status === "paid").length > 1).length;
const splitSubmits = done.filter((p) => p.publicIds.size > 1).length;
const ordersPerThing = [...byKey.values()].filter((list) => list.length > 1).length;
// Lost: the gateway took the money but the order is not paid, or a parent was shown success for an unpaid order.
const lost = done.filter((p) => {
  const id = [...p.publicIds][0]!;
  const paidHere = statusOf.get(id) === "paid";
  const toldSuccess = p.landed.some((l) => l.startsWith("/payment-success"));
  return (p.outcome === "pay" && !paidHere) || (toldSuccess && !paidHere);
}).length;
const wrongPage = done.filter((p) => !p.landed.every((l) => l.startsWith({ pay: "/payment-success", fail: "/payment-failure", pending: "/payment-pending" }[p.outcome]))).length;

const sorted = [...returnTimes].sort((a, b) => a - b);
const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const count = (o: Outcome) => done.filter((p) => p.outcome === o).length;
console.log(`\nparents: ${done.length} finished (${count("pay")} paid, ${count("fail")} failed, ${count("pending")} left pending), ${failures} errors${errors.size ? `: ${[...errors].map(([m, n]) => `${n}× ${m}`).join("; ")}` : ""}`);
console.log(`orders/s: ${(done.length / seconds).toFixed(1)} (each: start, hand-off, gateway, return; ${seconds.toFixed(1)} s in all; load average at the end ${os.loadavg()[0]!.toFixed(1)})`);
console.log(`return (/student-payment, ${returnTimes.length} requests incl. replays): p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`);
console.log(`double submits: ${done.filter((_, i) => i % 10 === 0).length} parents submitted twice; ${splitSubmits} got two orders; things with more than one order: ${ordersPerThing}`);
console.log(`stored return events: ${events} for ${done.length} parents (replays stored once)`);
console.log(`result page not the gateway's outcome: ${wrongPage}`);
console.log(`double-paid: ${doublePaid}`);
console.log(`lost: ${lost}`);
process.exitCode = doublePaid === 0 && lost === 0 && splitSubmits === 0 && failures === 0 ? 0 : 1;
