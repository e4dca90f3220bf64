/**
 * `npm run bench:ingest [-- --duration 15 --connections 20 --port 3255 --profile DIR]`: autocannon against the
 * production build (run `npx react-router build` first) posting varied beacons to /api/track for
 * a fixed time, on a fresh PGlite folder, or on DATABASE_URL when set (use
 * scripts/ci/with-postgres.sh). Beacons vary session, page, referrer, real browser user agent
 * and client IP (X-Forwarded-For with TRUST_PROXY=1). After the run the server is stopped, which
 * stores every queued visit; then rows stored are compared with requests accepted (204).
 * Prints pageviews/s, p50 and p99 latency, and the counts. Targets: ≥ 1,000/s on PGlite,
 * ≥ 2,000/s on PostgreSQL, p99 ≤ 50 ms, 0 lost.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import UserAgent from "user-agents";
import { openDatabase } from "../../app/db/client.server";
import { isBotUserAgent } from "../../app/features/analytics/ingest/bot-detection";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const duration = option("duration", 15);
const connections = option("connections", 20);
const port = option("port", 3255);
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const projectDir = path.resolve(import.meta.dirname, "../..");
if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
  console.error("build/server/index.js is missing: run `npx react-router build` first.");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "kva-bench-ingest-"));
const origin = `http://localhost:${port}`;

async function storedRows(): Promise<number> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, "pglite") });
  try {
    await handle.migrate();
    const result = (await handle.db.execute(sql`SELECT count(*)::int AS n FROM visitor_analytics`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await handle.close();
  }
}

// Varied, realistic beacons; no user agent or IP here is a bot's, so every one must be stored.
const agents: string[] = [];
while (agents.length < 500) {
  const ua = new UserAgent().toString();
  if (!isBotUserAgent(ua)) agents.push(ua);
}
const pages = ["/", "/apply", "/fee", "/admissions-overview", "/contact", "/gallery", "/payment-portal", "/overview", "/facilities"];
const referrers = [undefined, undefined, "https://www.google.com/", "https://l.facebook.com/", `${origin}/`, "https://www.instagram.com/"];
const prefixes = [49, 103, 106, 117, 122, 157, 182, 223];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const ipOf = (i: number) => `${prefixes[i % prefixes.length]}.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

console.log(`Ingest bench on ${databaseUrl ? "PostgreSQL" : "PGlite"}: ${duration} s, ${connections} connections, ${origin}`);
const before = databaseUrl ? await storedRows() : 0;
const env = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  PUBLIC_SITE_URL: origin,
  AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
  RECEIPT_SECRET: "bench-receipt-secret-0123456789abcdef01234567",
  ADMIN_EMAIL: "admin@bench.example",
  ADMIN_PASSWORD: "bench-admin-password-1",
  TRUST_PROXY: "1",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
// node with tsx's loader, not the tsx wrapper, so SIGTERM reaches the server's own handler.
// --profile DIR writes the server's V8 CPU profile there (open it in Chrome DevTools).
const profileAt = process.argv.indexOf("--profile");
const profile = profileAt >= 0 ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.argv[profileAt + 1] ?? "profiles")] : [];
const server = spawn(process.execPath, [...profile, "--import", "tsx", "server/index.ts"], { cwd: projectDir, env, stdio: ["ignore", "pipe", "pipe"] });
let log = "";
server.stdout.on("data", (d) => (log += d));
server.stderr.on("data", (d) => (log += d));
const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
const started = Date.now();
while (!log.includes("Serving")) {
  if (server.exitCode !== null || Date.now() - started > 60_000) {
    console.error(`The server did not start:\n${log}`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}

/** CPU seconds (user + system) the server process has used, from /proc (Linux). */
function serverCpuSeconds(): number {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return NaN;
  }
}

const cpuBefore = serverCpuSeconds();
let counter = 0;
const result = await autocannon({
  url: `${origin}/api/track`,
  connections,
  duration,
  requests: [
    {
      method: "POST",
      setupRequest: (request) => {
        const i = counter++;
        const body = JSON.stringify({ sid: `bench${(i % 5000).toString(36).padStart(8, "0")}`, path: pick(pages), ref: pick(referrers) });
        return {
          ...request,
          method: "POST",
          path: "/api/track",
          body,
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            "user-agent": pick(agents),
            "x-forwarded-for": ipOf(Math.floor(Math.random() * 50_000)),
            origin,
          },
        };
      },
    },
  ],
});

const cpuUsed = serverCpuSeconds() - cpuBefore;
const stopAt = Date.now();
server.kill("SIGTERM");
await exited;
const drainSeconds = (Date.now() - stopAt) / 1000;
const stored = (await storedRows()) - before;
const accepted = result["2xx"];
// The server's own count includes the responses still in flight when autocannon stopped its clock.
const serverAccepted = Number(/Analytics ingest: (\d+) accepted/.exec(log)?.[1] ?? NaN);
const ingestLine = log.split("\n").find((l) => l.startsWith("Analytics ingest:")) ?? `(no ingest line in the server log; its end:)\n${log.split("\n").slice(-15).join("\n")}`;

console.log(`\nrequests: ${result.requests.total} sent, ${accepted} accepted (2xx), ${result.non2xx} other status, ${result.errors} errors, ${result.timeouts} timeouts`);
console.log(`pageviews/s accepted: ${(accepted / duration).toFixed(0)} (autocannon mean ${result.requests.average.toFixed(0)} req/s)`);
// The machine is shared: CPU time per beacon says what one free core would sustain.
console.log(`server CPU: ${cpuUsed.toFixed(1)} s for ${result.requests.total} requests = ${((cpuUsed / result.requests.total) * 1e6).toFixed(0)} µs each, i.e. ~${(result.requests.total / cpuUsed).toFixed(0)} beacons/s per free core (load average at the end: ${os.loadavg()[0]!.toFixed(1)})`);
console.log(`latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
console.log(`rows stored: ${stored}; accepted by the server: ${serverAccepted} (autocannon counted ${accepted} 2xx before its clock stopped); lost: ${serverAccepted - stored}`);
console.log(`queue drained ${drainSeconds.toFixed(1)} s after the run: stored/s over run + drain = ${(stored / (duration + drainSeconds)).toFixed(0)}`);
console.log(ingestLine);
process.exitCode = serverAccepted === stored && stored >= accepted ? 0 : 1;
rmSync(dataDir, { recursive: true, force: true });
