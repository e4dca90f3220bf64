/**
 * `npm run test:processes`, run under `scripts/ci/with-postgres.sh`: two server
 * processes of the production build (`npm run build` first) on one PostgreSQL, as behind a
 * load balancer. Prints each figure and exits 1 unless:
 * - both start at once on an empty database (migrations under an advisory lock) and every
 *   migration is applied once;
 * - restarted at once with last year's visits stored, the yearly reset archives each visit once;
 * - wrong passwords sent to both alternately meet one sign-in throttle: after FREE_FAILURES
 *   failures in all, the next attempt is refused (429) on either process;
 * - form posts from one client to both alternately meet one limit (RATE_LIMIT_POSTS in all);
 * - enquiries and beacons sent to both alternately are all stored once, and one visitor's
 *   beacons keep the SPEC §4 counts (one new visit, visit_count 1…n) across both;
 * - a news story published through the app's store is shown by both on /news/<slug>, / and
 *   /feed.xml within 2 s (p99 of 20), and a banner notice leaves both within 2 s of its end.
 * Options: `--port N` (first of two ports, default 3860).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { FREE_FAILURES } from "../../app/features/auth/sign-in-throttle.server";
import { projectDir, serverEnv, startServer, type ServerProcess } from "./server-process";

const portArg = process.argv.indexOf("--port");
const firstPort = portArg >= 0 ? Number(process.argv[portArg + 1]) : 3860;
const databaseUrl = process.env.DATABASE_URL;
const POSTS_LIMIT = 20;
if (!databaseUrl) {
  console.error("Run under scripts/ci/with-postgres.sh: DATABASE_URL is needed (npm run test:processes does).");
  process.exit(2);
}
if (!existsSync(path.join(projectDir, "build/server/index.js"))) {
  console.error("build/server/index.js is missing: run `npm run build` first.");
  process.exit(2);
}

const dataDirs = [mkdtempSync(path.join(os.tmpdir(), "kva-two-a-")), mkdtempSync(path.join(os.tmpdir(), "kva-two-b-"))];
const checks: [string, boolean, string][] = [];
const check = (name: string, ok: boolean, figure: string) => {
  checks.push([name, ok, figure]);
  console.log(`${ok ? "PASS" : "FAIL"}  ${name}: ${figure}`);
};
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

async function startBoth(): Promise<ServerProcess[]> {
  // Both at once: their migrations and start-up jobs race, as two processes restarted together would.
  return Promise.all(
    dataDirs.map((dir, i) => startServer(serverEnv(firstPort + i, dir, { DATABASE_URL: databaseUrl!, RATE_LIMIT_POSTS: String(POSTS_LIMIT), RATE_LIMIT_BEACONS: "1000000" }))),
  );
}

async function main(): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const one = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T;

  // 1. Both start at once on an empty database.
  let servers = await startBoth();
  const journal = JSON.parse(readFileSync(path.join(projectDir, "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const applied = await one<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
  check("two processes started at once migrate once", applied.n === journal.entries.length && servers.every((s) => s.exitedAlone() === null), `${applied.n} of ${journal.entries.length} migrations recorded, both serving`);
  await Promise.all(servers.map((s) => s.stop()));

  // 2. Last year's visits, then both restart at once: each runs the yearly reset check at start.
  await db.query(`INSERT INTO visitor_analytics (visitor_ip, session_id, page_visited, is_bot, "timestamp")
                  SELECT '49.37.9.' || (i % 200), 'old' || i, '/', false, date_trunc('year', now()) - interval '200 days' + i * interval '1 minute'
                  FROM generate_series(1, 2000) i`);
  servers = await startBoth();
  const archived = await one<{ total: number }>("SELECT coalesce(sum(total_visits), 0)::int AS total FROM analytics_aggregated");
  const left = await one<{ n: number }>(`SELECT count(*)::int AS n FROM visitor_analytics WHERE session_id LIKE 'old%'`);
  const resetLines = servers.map((s) => /Analytics yearly reset[^\n]*|analytics-yearly-reset[^\n]*/.exec(s.log())?.[0] ?? "no line");
  check("yearly reset started on both at once archives each visit once", archived.total === 2000 && left.n === 0, `2000 old visits: ${archived.total} archived, ${left.n} left; logs: ${resetLines.join(" | ")}`);

  const [a, b] = servers as [ServerProcess, ServerProcess];
  const pick = (i: number) => (i % 2 === 0 ? a : b);
  const post = (server: ServerProcess, pathname: string, body: URLSearchParams | string, ip: string, type = "application/x-www-form-urlencoded") =>
    fetch(server.origin + pathname, { method: "POST", body, redirect: "manual", headers: { Origin: server.origin, "Content-Type": type, "X-Forwarded-For": ip, "User-Agent": CHROME } });

  // 3. Sign-in throttle shared: wrong passwords alternately from one client.
  const statuses: number[] = [];
  for (let i = 0; i < FREE_FAILURES + 2; i++) {
    const response = await post(pick(i), "/admin/login", new URLSearchParams({ email: "admin@ops.example", password: "wrong-password-123", redirectTo: "/admin" }), "203.0.113.50");
    statuses.push(response.status);
  }
  const right = await post(pick(FREE_FAILURES + 2), "/admin/login", new URLSearchParams({ email: "admin@ops.example", password: "ops-admin-password-1", redirectTo: "/admin" }), "203.0.113.50");
  const throttled = statuses.slice(FREE_FAILURES).every((s) => s === 429) && statuses.slice(0, FREE_FAILURES).every((s) => s === 401) && right.status === 429;
  check(`sign-in throttle holds across both (${FREE_FAILURES} free failures in all)`, throttled, `statuses alternating a/b: ${statuses.join(", ")}; right password next: ${right.status}`);

  // 4. Posts limit shared: one client posting enquiries to both alternately.
  let accepted = 0;
  let limited = 0;
  for (let i = 0; i < POSTS_LIMIT + 10; i++) {
    const response = await post(pick(i), "/enquire", new URLSearchParams({ name: `Limit Test ${i}`, phone: "9876500000", class: "LKG" }), "203.0.113.60");
    if (response.status === 200) accepted++;
    else if (response.status === 429) limited++;
  }
  check(`posts limit holds across both (RATE_LIMIT_POSTS=${POSTS_LIMIT})`, accepted === POSTS_LIMIT && limited === 10, `${POSTS_LIMIT + 10} posts: ${accepted} accepted, ${limited} refused with 429`);

  // 5. Enquiries and beacons alternately; one visitor's beacons across both.
  const enquiries = 100;
  const enquiryAnswers = await Promise.all(
    Array.from({ length: enquiries }, (_, i) => post(pick(i), "/enquire", new URLSearchParams({ name: `Two Process ${i}`, phone: "9876511111", class: "Class 2" }), `198.51.100.${i}`).then((r) => r.status)),
  );
  const beacons = 600;
  const beaconAnswers: number[] = [];
  for (let i = 0; i < beacons; i += 20) {
    beaconAnswers.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, (_, j) => {
          const n = i + j;
          // Every fifth beacon is the same visitor (one IP, a new session each page), in order.
          const ip = n % 5 === 0 ? "203.0.113.77" : `192.0.2.${n % 250}`;
          return post(pick(n), "/api/track", JSON.stringify({ sid: `twoproc${String(n).padStart(4, "0")}`, path: "/" }), ip, "text/plain;charset=UTF-8").then((r) => r.status);
        }),
      )),
    );
    // The one visitor's visits must arrive in order: let each batch be queued before the next.
    await new Promise((r) => setTimeout(r, 30));
  }

  // 6. A publish through either process is visible on both within 2 s (issue 28).
  await publishToVisible(a, b);
  await Promise.all(servers.map((s) => s.stop()));
  const storedEnquiries = await one<{ n: number; distinct: number }>(`SELECT count(*)::int AS n, count(DISTINCT name)::int AS distinct FROM enquiries WHERE name LIKE 'Two Process %'`);
  const ok200 = enquiryAnswers.filter((s) => s === 200).length;
  check("enquiries to both alternately stored once", ok200 === enquiries && storedEnquiries.n === enquiries && storedEnquiries.distinct === enquiries, `${enquiries} sent, ${ok200} answered 200, ${storedEnquiries.n} rows (${storedEnquiries.distinct} distinct)`);
  const storedBeacons = await one<{ n: number; distinct: number }>(`SELECT count(*)::int AS n, count(DISTINCT session_id)::int AS distinct FROM visitor_analytics WHERE session_id LIKE 'twoproc%'`);
  const ok204 = beaconAnswers.filter((s) => s === 204).length;
  check("beacons to both alternately stored once", ok204 === beacons && storedBeacons.n === beacons && storedBeacons.distinct === beacons, `${beacons} sent, ${ok204} answered 204, ${storedBeacons.n} rows (${storedBeacons.distinct} distinct)`);
  const visitor = (await db.query<{ is_new_visitor: boolean; visit_count: number }>(`SELECT is_new_visitor, visit_count FROM visitor_analytics WHERE visitor_ip = '203.0.113.77' ORDER BY visit_count`)).rows;
  const counts = visitor.map((r) => r.visit_count);
  const expected = Array.from({ length: beacons / 5 }, (_, i) => i + 1);
  check(
    "one visitor's visits through both keep the SPEC §4 counts",
    JSON.stringify(counts) === JSON.stringify(expected) && visitor.filter((r) => r.is_new_visitor).length === 1,
    `${visitor.length} visits, ${visitor.filter((r) => r.is_new_visitor).length} new, visit_count ${counts[0]}…${counts[counts.length - 1]} with ${new Set(counts).size} distinct values`,
  );
  await db.end();
  return checks.some(([, ok]) => !ok) ? 1 : 0;
}

/** Milliseconds until `visible()` holds, polling every 25 ms; Infinity after `limitMs`. */
async function timeUntil(visible: () => Promise<boolean>, limitMs = 10_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await visible()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  return Infinity;
}

/**
 * Publishes a news story 20 times (a new title each time) through the app's own store on the
 * shared database and times until both processes show it on /news/<slug>, / and /feed.xml;
 * then a banner notice that ends 3 s later, timed until both take it off /overview.
 */
async function publishToVisible(a: ServerProcess, b: ServerProcess): Promise<void> {
  const { openDatabase } = await import("../../app/db/client.server");
  const { createItem, saveItem } = await import("../../app/features/content/store.server");
  const handle = await openDatabase({ databaseUrl: databaseUrl! });
  const actor = { userId: null, email: "two-processes@ops.example", ip: null };
  const text = async (server: ServerProcess, pathname: string) => (await fetch(server.origin + pathname, { headers: { "User-Agent": CHROME } })).text();
  try {
    const fields = (title: string) => ({ title, date: "2026-11-27", summary: "A story published to time how soon both processes show it.", body: "Timed.", image: "/images/campus.svg", imageAlt: "The school" });
    const created = await createItem(handle.db, actor, { kind: "news", slug: "two-processes-timing", fields: fields("Timing 0") });
    if (!created.ok) throw new Error(`create: ${JSON.stringify(created)}`);
    let version = created.item.version;
    const times: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const title = `Timing run ${i}`;
      const saved = await saveItem(handle.db, actor, { id: created.item.id, expectedVersion: version, fields: fields(title), publish: true });
      if (!saved.ok) throw new Error(`publish: ${JSON.stringify(saved)}`);
      version = saved.item.version;
      times.push(
        await timeUntil(async () => {
          const pages = await Promise.all([a, b].flatMap((server) => ["/news/two-processes-timing", "/", "/feed.xml"].map((pathname) => text(server, pathname))));
          return pages.every((page) => page.includes(title));
        }),
      );
    }
    const sorted = times.toSorted((x, y) => x - y);
    const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!;
    check("a publish is shown by both processes within 2 s", p99 <= 2_000, `20 publishes: median ${Math.round(sorted[10]!)} ms, p99 ${Math.round(p99)} ms, max ${Math.round(sorted.at(-1)!)} ms (/news/<slug>, / and /feed.xml on both)`);

    const endsAt = new Date(Date.now() + 3_000);
    const notice = await createItem(handle.db, actor, { kind: "notice", slug: "two-processes-banner", fields: { title: "Timing banner: school closed", body: "", startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: endsAt.toISOString(), banner: true } });
    if (!notice.ok) throw new Error(`notice: ${JSON.stringify(notice)}`);
    const live = await saveItem(handle.db, actor, { id: notice.item.id, expectedVersion: 1, fields: notice.item.draft, publish: true });
    if (!live.ok) throw new Error("notice publish");
    const shown = await timeUntil(async () => (await Promise.all([a, b].map((server) => text(server, "/overview")))).every((page) => page.includes("Timing banner: school closed")));
    await new Promise((r) => setTimeout(r, Math.max(0, endsAt.getTime() - Date.now())));
    const gone = await timeUntil(async () => (await Promise.all([a, b].map((server) => text(server, "/overview")))).every((page) => !page.includes("Timing banner: school closed")));
    check("a banner notice shows on both, and leaves both at its end time", shown <= 2_000 && gone <= 2_000, `shown on both ${Math.round(shown)} ms after publishing; gone from both ${Math.round(gone)} ms after its end`);
  } finally {
    await handle.close();
  }
}

main()
  .then((code) => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
