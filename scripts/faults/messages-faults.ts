/**
 * `npm run test:messages-faults`, run under `scripts/ci/with-postgres.sh` (DATABASE_URL; the
 * tables are read while the server runs): the production build (`npm run build` first), in the
 * development configuration (sample payments and the test gateway), e-mails receipts through
 * the SMTP double running in a process of its own. Two faults:
 * 1. SMTP down: a stream of payments (one every PAY_EVERY_MS) while the SMTP server is stopped
 *    for 60 s (MESSAGES_OUTAGE_S) and started again. Every receipt e-mail must arrive once.
 * 2. kill -9 mid-send: a burst of payments with SMTP slowed to 2 messages a second, the server
 *    killed (SIGKILL) while messages are being sent, and started again on the same database.
 *    Every receipt e-mail must arrive; duplicates (the same Message-ID twice: accepted by SMTP
 *    but not yet recorded when killed) are counted and reported (target 0).
 * Prints each figure; exits 1 when an e-mail is missing, when the server died on its own, or
 * when the first fault gave a duplicate. Options: `--port N` (server; SMTP on N + 1; default 3870).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { projectDir, serverEnv } from "./server-process";

const portArg = process.argv.indexOf("--port");
const port = portArg >= 0 ? Number(process.argv[portArg + 1]) : 3870;
const smtpPort = port + 1;
const databaseUrl = process.env.DATABASE_URL;
const OUTAGE_MS = Number(process.env.MESSAGES_OUTAGE_S ?? 60) * 1000;
const PAY_EVERY_MS = 1_500;
if (!databaseUrl) {
  console.error("Run under scripts/ci/with-postgres.sh: DATABASE_URL is needed (npm run test:messages-faults does).");
  process.exit(2);
}
if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
  console.error("build/server/index.js is missing: run `npm run build` first.");
  process.exit(2);
}

const checks: [string, boolean, string][] = [];
const check = (name: string, ok: boolean, figure: string) => {
  checks.push([name, ok, figure]);
  console.log(`${ok ? "PASS" : "FAIL"}  ${name}: ${figure}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const run = Date.now().toString(36);

// --- The SMTP double, in its own process, counting every mail by Message-ID.
const sink = spawn(process.execPath, ["--import", "tsx", "tests/fakes/smtp-process.ts", String(smtpPort)], { cwd: projectDir, stdio: ["pipe", "pipe", "inherit"] });
const delivered = new Map<string, number>();
const sinkEvents: string[] = [];
void (async () => {
  for await (const line of createInterface({ input: sink.stdout! })) {
    if (line.startsWith("{")) {
      const id = (JSON.parse(line) as { id: string }).id;
      delivered.set(id, (delivered.get(id) ?? 0) + 1);
    } else sinkEvents.push(line);
  }
})();
async function sinkSays(word: string, command?: string) {
  const before = sinkEvents.filter((e) => e.startsWith(word)).length;
  if (command) sink.stdin!.write(`${command}\n`);
  while (sinkEvents.filter((e) => e.startsWith(word)).length === before) await sleep(20);
}
await sinkSays("listening");

// --- The server, started and killed by this script.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "kva-messages-faults-"));
let diedAlone = 0;
function startServer(extra: Record<string, string>): Promise<{ child: ChildProcess; log: () => string }> {
  const env = serverEnv(port, dataDir, {
    DATABASE_URL: databaseUrl!,
    APP_ENV: "development",
    PAYMENT_PROVIDER: "mock",
    RATE_LIMIT_POSTS: "1000000",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...extra,
  });
  let log = "";
  let killing = false;
  // One process (node with tsx's loader, not the tsx wrapper): a kill -9 reaches the server itself and frees its port.
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { cwd: projectDir, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  child.once("exit", () => void (killing || diedAlone++));
  (child as ChildProcess & { killing: () => void }).killing = () => (killing = true);
  return (async () => {
    const t0 = Date.now();
    while (!log.includes("Serving")) {
      if (child.exitCode !== null || Date.now() - t0 > 120_000) throw new Error(`server did not start:\n${log}`);
      await sleep(100);
    }
    return { child, log: () => log };
  })();
}
async function kill(child: ChildProcess, signal: NodeJS.Signals) {
  (child as ChildProcess & { killing: () => void }).killing();
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
}

const origin = `http://127.0.0.1:${port}`;
const payErrors = new Map<string, number>();
async function request(ip: string, method: "GET" | "POST", url: string, form?: Record<string, string>) {
  return fetch(url.startsWith("http") ? url : `${origin}${url}`, {
    method,
    redirect: "manual",
    headers: { "x-forwarded-for": ip, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
}
/** One parent pays a sample payment on the test gateway, asking for the receipt by e-mail. */
async function pay(i: number, phase: string): Promise<void> {
  const ip = `10.9.${(i >> 8) & 255}.${i & 255}`;
  try {
    const start = await request(ip, "POST", "/sample-payment", { amount: "application", key: `mf-${run}-${phase}-${i}`, name: `Parent ${i}`, email: `parent-${run}-${phase}-${i}@faults.example` });
    const handoff = start.headers.get("location");
    if (!handoff) throw new Error(`start answered ${start.status}`);
    const page = await (await request(ip, "GET", handoff)).text();
    const mock = /href="(\/mock-payment\?[^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&");
    if (!mock) throw new Error("no test gateway link");
    const back = (await request(ip, "POST", mock, { decision: "pay" })).headers.get("location");
    if (!back) throw new Error("the gateway did not send the parent back");
    await request(ip, "GET", back);
  } catch (error) {
    const m = error instanceof Error ? error.message : String(error);
    payErrors.set(m, (payErrors.get(m) ?? 0) + 1);
  }
}

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
type Sent = { id: string; status: string; attempts: number };
async function receiptMails(phase: string): Promise<Sent[]> {
  const rows = await db.query<{ public_id: string; status: string; attempts: number }>(
    "SELECT public_id, status, attempts FROM messages WHERE kind = 'payment_received' AND channel = 'email' AND recipient LIKE $1",
    [`parent-${run}-${phase}-%`],
  );
  return rows.rows.map((r) => ({ id: `<${r.public_id}@127.0.0.1>`, status: r.status, attempts: r.attempts }));
}
async function paidOrders(phase: string): Promise<number> {
  const r = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_orders WHERE status = 'paid' AND payable_key LIKE $1", [`sample:mf-${run}-${phase}-%`]);
  return r.rows[0]!.n;
}
async function settle(phase: string, timeoutMs: number): Promise<Sent[]> {
  const t0 = Date.now();
  for (;;) {
    const mails = await receiptMails(phase);
    if ((mails.length > 0 && mails.every((m) => m.status === "sent" && delivered.has(m.id))) || Date.now() - t0 > timeoutMs) return mails;
    await sleep(500);
  }
}

try {
  // 1. SMTP stopped for 60 s under a stream of payments.
  let server = await startServer({});
  const payments = Math.round((OUTAGE_MS + 30_000) / PAY_EVERY_MS);
  const stream: Promise<void>[] = [];
  const streamStart = Date.now();
  const outage = (async () => {
    await sleep(10_000);
    await sinkSays("stopped", "stop");
    const down = Date.now();
    await sleep(OUTAGE_MS);
    await sinkSays("restarted", "restart");
    return Date.now() - down;
  })();
  for (let i = 0; i < payments; i++) {
    stream.push(pay(i, "a"));
    await sleep(PAY_EVERY_MS);
  }
  await Promise.all(stream);
  const downMs = await outage;
  const back = Date.now();
  const a = await settle("a", 300_000);
  const aPaid = await paidOrders("a");
  const aMissing = a.filter((m) => !delivered.has(m.id)).length;
  const aDuplicates = a.filter((m) => (delivered.get(m.id) ?? 0) > 1).length;
  const retried = a.filter((m) => m.attempts > 1).length;
  console.log(`fault 1: ${payments} payments over ${((back - streamStart) / 1000).toFixed(0)} s, SMTP down ${(downMs / 1000).toFixed(0)} s; ${retried} e-mails needed more than one try (at most ${Math.max(0, ...a.map((m) => m.attempts))})`);
  check("every paid order has its receipt e-mail enqueued", a.length === aPaid && aPaid === payments, `${a.length} receipt e-mails for ${aPaid} paid orders of ${payments} payments`);
  check("SMTP down 60 s: every receipt e-mail delivered after it returned", aMissing === 0, `${a.length - aMissing} of ${a.length} delivered, the last ${((Date.now() - back) / 1000).toFixed(0)} s after the stream ended`);
  check("SMTP down 60 s: none delivered twice (by Message-ID)", aDuplicates === 0, `${aDuplicates} duplicates`);

  // 2. kill -9 while sending (SMTP slowed to 2 a second so sends are in flight).
  await kill(server.child, "SIGTERM");
  server = await startServer({ SMTP_RATE_PER_SECOND: "2" });
  const burst = 30;
  let next = 0;
  const parents = Array.from({ length: 6 }, async () => {
    while (next < burst) await pay(next++, "b");
  });
  // Wait until the worker is sending, then kill the server where it stands.
  let sendingAtKill = 0;
  for (const t0 = Date.now(); Date.now() - t0 < 120_000; ) {
    const r = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM messages WHERE status = 'sending' AND recipient LIKE $1", [`parent-${run}-b-%`]);
    const sentSoFar = (await receiptMails("b")).filter((m) => m.status === "sent").length;
    if (r.rows[0]!.n > 0 && sentSoFar >= 3) {
      sendingAtKill = r.rows[0]!.n;
      break;
    }
    await sleep(20);
  }
  await kill(server.child, "SIGKILL");
  await Promise.all(parents);
  server = await startServer({});
  // Parents whose payment was cut off by the kill pay again (a new key each: a new order).
  const bPaidBefore = await paidOrders("b");
  const b = await settle("b", 180_000);
  const bMissing = b.filter((m) => !delivered.has(m.id)).length;
  const bDuplicates = b.filter((m) => (delivered.get(m.id) ?? 0) > 1).length;
  const unknown = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM message_attempts a JOIN messages m ON m.id = a.message_id WHERE a.outcome = 'unknown' AND m.recipient LIKE $1",
    [`parent-${run}-b-%`],
  );
  console.log(`fault 2: ${burst} payments, ${bPaidBefore} paid; killed with ${sendingAtKill} e-mails in "sending"; ${unknown.rows[0]!.n} attempts recorded as unknown and sent again`);
  check("kill -9 mid-send: every receipt e-mail of a paid order delivered after the restart", bMissing === 0 && b.length === bPaidBefore, `${b.length - bMissing} of ${b.length} delivered for ${bPaidBefore} paid orders`);
  console.log(`REPORT  kill -9 mid-send: duplicates by Message-ID ${bDuplicates} (target 0)`);
  await kill(server.child, "SIGTERM");
  check("the server never died on its own", diedAlone === 0, `${diedAlone} unexpected exits`);
  if (payErrors.size) console.log(`payment errors (the kill cuts some off): ${[...payErrors].map(([m, n]) => `${n}× ${m}`).join("; ")}`);
} finally {
  await db.end();
  sink.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
const failed = checks.filter(([, ok]) => !ok).length;
console.log(failed ? `${failed} of ${checks.length} checks failed` : `all ${checks.length} checks passed`);
process.exitCode = failed ? 1 : 0;
