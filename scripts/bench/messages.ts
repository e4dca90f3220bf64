/**
 * `npm run bench:messages [-- --count 2000 --rate 100 --port 3470]`: N fee reminders (each in
 * its own transaction, as the reminders job writes them) through the outbox's worker and
 * nodemailer's pool to the SMTP double in a process of its own, on a fresh PGlite folder or on
 * DATABASE_URL (`scripts/ci/with-postgres.sh npm run bench:messages`). The worker runs as the
 * "messages" job does, woken as messages arrive. `--rate` is SMTP_RATE_PER_SECOND.
 *
 * Prints messages/s (first enqueue to last delivery), p50/p99/max from enqueue to delivery at
 * the SMTP server, this process's peak RSS and heap, and duplicates by Message-ID (must be 0;
 * exit status 1 otherwise, or when any message is not delivered).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const count = option("count", 2000);
const rate = option("rate", 100);
const port = option("port", 3470);
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "kva-bench-messages-"));
process.env.DATA_DIR = dataDir;
const projectDir = path.resolve(import.meta.dirname, "../..");

const { openDatabase } = await import("../../app/db/client.server");
const { enqueue } = await import("../../app/core/messages/outbox.server");
const { deliverDue } = await import("../../app/core/messages/worker.server");
const { smtpSender } = await import("../../app/core/messages/email.server");
const { TEMPLATES } = await import("../../app/core/messages/templates");
const { sql } = await import("drizzle-orm");

// The SMTP double in its own process: its memory is not ours.
const sink = spawn(process.execPath, ["--import", "tsx", "tests/fakes/smtp-process.ts", String(port)], { cwd: projectDir, stdio: ["pipe", "pipe", "inherit"] });
const delivered = new Map<string, number[]>();
let listening: () => void = () => {};
const ready = new Promise<void>((resolve) => (listening = resolve));
void (async () => {
  for await (const line of createInterface({ input: sink.stdout })) {
    if (line.startsWith("listening")) listening();
    else if (line.startsWith("{")) {
      const mail = JSON.parse(line) as { id: string; at: number };
      delivered.set(mail.id, [...(delivered.get(mail.id) ?? []), mail.at]);
    }
  }
})();
await ready;

const handle = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, "pglite") });
await handle.migrate();
const db = handle.db;
const run = Date.now().toString(36);
const sender = smtpSender({ url: `smtp://127.0.0.1:${port}`, ratePerSecond: rate });
const deps = { email: sender, sms: null, attachments: {}, messageIdHost: "bench.example" };

let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 50);
const rssBefore = process.memoryUsage().rss;

const enqueuedAt = new Map<string, number>();
let enqueueDone = false;
const t0 = Date.now();
const enqueuer = (async () => {
  for (let i = 0; i < count; i++) {
    const stored = await db.transaction((tx) =>
      enqueue(tx, { kind: "fee_reminder", data: { ...TEMPLATES.fee_reminder.sample, payPath: `/fees/family/bench-${i}` }, to: { email: `family-${run}-${i}@bench.example` }, key: `bench:${run}:${i}` }),
    );
    for (const m of stored) enqueuedAt.set(`<${m.publicId}@bench.example>`, Date.now());
  }
  enqueueDone = true;
})();
// The worker as the job runs it: again and again while there is work.
const worker = (async () => {
  for (;;) {
    const report = await deliverDue(db, deps);
    const busy = report.sent + report.retried + report.failed > 0;
    if (enqueueDone && !busy) {
      const left = (await db.execute(sql`SELECT count(*)::int AS n FROM messages WHERE status IN ('queued', 'sending')`)) as unknown as { rows: { n: number }[] };
      if (left.rows[0]!.n === 0) return;
    }
    if (!busy) await new Promise((r) => setTimeout(r, 100));
  }
})();
await Promise.all([enqueuer, worker]);
const deadline = Date.now() + 30_000;
while ([...enqueuedAt.keys()].some((id) => !delivered.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const seconds = (Math.max(...[...delivered.values()].map((a) => a[0]!)) - t0) / 1000;
clearInterval(sampler);
sender.close();

const latencies = [...enqueuedAt].filter(([id]) => delivered.has(id)).map(([id, at]) => delivered.get(id)![0]! - at).sort((a, b) => a - b);
const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
const duplicates = [...delivered.values()].filter((a) => a.length > 1).length;
const missing = [...enqueuedAt.keys()].filter((id) => !delivered.has(id)).length;
const status = (await db.execute(sql`SELECT status, count(*)::int AS n FROM messages GROUP BY status ORDER BY status`)) as unknown as { rows: { status: string; n: number }[] };
await handle.close();
sink.kill();
rmSync(dataDir, { recursive: true, force: true });

const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;
console.log(`Messages bench on ${databaseUrl ? "PostgreSQL" : "PGlite"}: ${count} fee reminders, SMTP rate limit ${rate}/s, worker defaults (10 taken at a time, 4 in flight), ${os.cpus().length} cores`);
console.log(`delivered: ${latencies.length} of ${enqueuedAt.size} in ${seconds.toFixed(1)} s: ${(latencies.length / seconds).toFixed(1)} messages/s`);
console.log(`enqueue → delivered at the SMTP server: p50 ${pct(0.5).toFixed(0)} ms, p99 ${pct(0.99).toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms`);
console.log(`memory (this process: database, worker, nodemailer): RSS ${mb(rssBefore)} before, peak ${mb(peakRss)}; peak heap ${mb(peakHeap)}`);
console.log(`statuses: ${status.rows.map((r) => `${r.status} ${r.n}`).join(", ")}`);
console.log(`duplicates by Message-ID: ${duplicates}; missing: ${missing}`);
process.exitCode = duplicates === 0 && missing === 0 ? 0 : 1;
