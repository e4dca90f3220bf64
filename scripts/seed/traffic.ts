/**
 * `npm run seed:traffic -- --rows N --days D [--reset]`: writes N synthetic visits over the D days
 * ending today into the configured database (PGlite in DATA_DIR, or DATABASE_URL), then
 * ANALYZEs. Stop the server first when using PGlite (one process per data folder).
 */
import { sql } from "drizzle-orm";
import { getDatabase } from "../../app/db/client.server";
import { getConfig } from "../../app/lib/config.server";
import { seedTraffic } from "./traffic-generator";

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}

const rows = option("rows", 10_000);
const days = option("days", 90);
const handle = await getDatabase();
if (process.argv.includes("--reset")) await handle.db.execute(sql`TRUNCATE visitor_analytics RESTART IDENTITY`);
const started = Date.now();
await seedTraffic(handle.db, {
  rows,
  days,
  siteUrl: getConfig().publicSiteUrl,
  onProgress: (done) => console.log(`  ${done.toLocaleString("en-IN")} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`),
});
await handle.db.execute(sql`ANALYZE visitor_analytics`);
console.log(`Wrote ${rows.toLocaleString("en-IN")} visits over ${days} days into ${handle.driver === "pg" ? "PostgreSQL" : "PGlite"} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
await handle.close();
