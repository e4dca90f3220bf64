/**
 * `npm run bench:backup [-- --rows 1000000]`: times a backup and a restore of an instance
 * holding ROWS visits (spread over a year, with their daily rollups' tables as the triggers
 * leave them) plus a few hundred enquiries, on a fresh PGlite folder, or on DATABASE_URL when
 * set (use scripts/ci/with-postgres.sh; the restore goes into a second scratch database).
 * Prints rows, file size, backup and restore seconds (the restore includes its check of every
 * table's count and checksum).
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { restoreBackup, writeBackup } from "../../app/db/backup.server";
import { openDatabase, type DatabaseHandle } from "../../app/db/client.server";

const rowsArg = process.argv.indexOf("--rows");
const rows = rowsArg >= 0 ? Number(process.argv[rowsArg + 1]) : 1_000_000;
const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
const work = mkdtempSync(path.join(os.tmpdir(), "kva-bench-backup-"));

async function open(name: string): Promise<DatabaseHandle> {
  if (!serverUrl) return openDatabase({ pgliteDir: path.join(work, name, "pglite") });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "bench_${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "bench_${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/bench_${name}`;
  return openDatabase({ databaseUrl: url.toString() });
}

async function main() {
  const source = await open("source");
  await source.migrate();
  let t = Date.now();
  for (let done = 0; done < rows; done += 100_000) {
    const n = Math.min(100_000, rows - done);
    await source.db.execute(sql`INSERT INTO visitor_analytics (visitor_ip, session_id, user_agent, page_visited, country, city, referrer, browser, os, device_type, is_mobile, is_new_visitor, visit_count, is_bot, "timestamp")
      SELECT '49.' || (i % 250) || '.' || (i / 250 % 250) || '.' || (i % 97), 'sess' || (i / 3), 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0', '/p' || (i % 40), 'India', 'Kharagpur',
             CASE WHEN i % 4 = 0 THEN 'https://www.google.com/' END, 'Chrome', 'Windows', 'desktop', false, i % 3 = 0, 1 + i % 5, false,
             now() - interval '365 days' + (i::float8 / ${rows}::int) * interval '365 days'
      FROM generate_series(${done + 1}::int, ${done + n}::int) i`);
  }
  await source.db.execute(sql`INSERT INTO enquiries (name, phone, class) SELECT 'Parent ' || i, '98765' || lpad(i::text, 5, '0'), 'Class 4' FROM generate_series(1, 500) i`);
  console.log(`${serverUrl ? "PostgreSQL" : "PGlite"}: ${rows.toLocaleString("en-IN")} visits seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const file = path.join(work, "backup.ndjson.gz");
  t = Date.now();
  const header = await writeBackup(source, path.join(work, "source"), file);
  const backupS = (Date.now() - t) / 1000;
  await source.close();
  const total = header.tables.reduce((s, x) => s + x.rows, 0);

  const target = await open("target");
  await target.migrate();
  t = Date.now();
  await restoreBackup(target, path.join(work, "target"), file);
  const restoreS = (Date.now() - t) / 1000;
  await target.close();
  console.log(`backup: ${total.toLocaleString("en-IN")} rows in ${header.tables.length} tables, ${(statSync(file).size / 1e6).toFixed(1)} MB, ${backupS.toFixed(1)} s`);
  console.log(`restore (with the count and checksum check of every table): ${restoreS.toFixed(1)} s`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
