/**
 * The database client on whichever driver the environment selects: embedded PGlite (in memory)
 * when DATABASE_URL is unset, or the PostgreSQL server at DATABASE_URL, where a fresh database
 * with a unique name is created for this run and dropped afterwards. CI runs this file on both
 * (`npm test`, then `scripts/ci/with-postgres.sh npm run test:db`), so the log names the driver.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, getTableName, is, sql, type SQL } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, isDatabaseHealthy, runsConcurrently, schema, type Database, type DatabaseHandle } from "./client.server";
import { inTurnOrTogether } from "./sql.server";
import { enquiries } from "./schema/enquiries";
import { settings } from "./schema/settings";

const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
const expectedDriver = serverUrl ? "pg" : "pglite";

/** Every Drizzle table declared in app/db/schema/*.ts, found by file so new files are covered. */
const schemaModules = import.meta.glob<Record<string, unknown>>("./schema/*.ts", { eager: true });
const declaredTables = Object.values(schemaModules)
  .flatMap((mod) => Object.values(mod))
  .filter((value): value is PgTable => is(value, PgTable));

/** Number of entries in drizzle/meta/_journal.json, i.e. migrations that should be applied. */
function journalEntryCount(): number {
  const journal = JSON.parse(readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** Creates an empty database with a unique name next to DATABASE_URL's; returns its URL and name. */
async function createScratchDatabase(url: string): Promise<{ url: string; name: string }> {
  const name = `kva_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), name };
}

/** Drops a database made by createScratchDatabase, disconnecting any leftover sessions. */
async function dropScratchDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** Rows of a raw `db.execute()` result; both drivers answer `{ rows }`. */
async function query<T>(handle: DatabaseHandle, statement: SQL): Promise<T[]> {
  const result = (await handle.db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

describe(`database client on ${expectedDriver}`, () => {
  let handle: DatabaseHandle;
  let scratch: { url: string; name: string } | undefined;
  let closed = false;

  /** Number of migrations recorded by Drizzle's migrator. */
  async function appliedMigrationCount(): Promise<number> {
    const rows = await query<{ n: number }>(handle, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return Number(rows[0]?.n);
  }

  beforeAll(async () => {
    if (serverUrl) scratch = await createScratchDatabase(serverUrl);
    handle = await openDatabase(scratch ? { databaseUrl: scratch.url } : { pgliteDir: "memory://" });
    console.log(`[db test] driver: ${handle.driver}${scratch ? ` (scratch database ${scratch.name})` : " (in memory)"}`);
    await handle.migrate();
  });

  afterAll(async () => {
    if (handle && !closed) await handle.close();
    if (serverUrl && scratch) await dropScratchDatabase(serverUrl, scratch.name);
  });

  it(`uses the ${expectedDriver} driver`, () => {
    expect(handle.driver).toBe(expectedDriver);
  });

  it("creates every table declared in app/db/schema", async () => {
    const declared = declaredTables.map((t) => getTableName(t)).sort();
    expect(declared).toEqual(expect.arrayContaining(["enquiries", "settings", "user", "session", "account", "verification"]));
    // The client's schema object must list them all too, or relational queries miss tables.
    expect(Object.values(schema).filter((v) => is(v, PgTable)).map((t) => getTableName(t as PgTable)).sort()).toEqual(declared);
    const rows = await query<{ table_name: string }>(
      handle,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const present = rows.map((r) => r.table_name);
    expect(present).toEqual(expect.arrayContaining(declared));
  });

  it("round-trips a settings row, with updated_at as a UTC Date", async () => {
    const updatedAt = new Date("2025-03-31T18:45:12.345Z"); // 1 April 00:15 in India
    const [inserted] = await handle.db.insert(settings).values({ key: "last_analytics_reset", value: "2025-04-01", updatedAt }).returning();
    const [row] = await handle.db.select().from(settings).where(eq(settings.key, "last_analytics_reset"));
    expect(row).toEqual(inserted);
    expect(row).toMatchObject({ key: "last_analytics_reset", value: "2025-04-01" });
    expect(row?.updatedAt).toBeInstanceOf(Date);
    expect(row?.updatedAt.toISOString()).toBe("2025-03-31T18:45:12.345Z");
    const raw = await query<{ utc: string }>(
      handle,
      sql`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as utc from settings where key = 'last_analytics_reset'`,
    );
    expect(raw[0]?.utc).toBe("2025-03-31T18:45:12.345");
  });

  it("round-trips an enquiries row, with the default created_at as a Date", async () => {
    const before = Date.now();
    const values = { name: "Asha Verma", phone: "9876543210", class: "Class 5", email: "asha@example.com" };
    const [inserted] = await handle.db.insert(enquiries).values(values).returning();
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, inserted!.id));
    expect(row).toEqual(inserted);
    expect(row).toMatchObject(values);
    expect(row?.createdAt).toBeInstanceOf(Date);
    // now() on the server; allow for clock skew between this process and a remote server.
    expect(Math.abs(row!.createdAt.getTime() - before)).toBeLessThan(60_000);

    const explicit = new Date("2024-12-31T23:59:59.999Z");
    const [second] = await handle.db.insert(enquiries).values({ ...values, email: null, createdAt: explicit }).returning();
    const [back] = await handle.db.select().from(enquiries).where(eq(enquiries.id, second!.id));
    expect(back?.email).toBeNull();
    expect(back?.createdAt.toISOString()).toBe("2024-12-31T23:59:59.999Z");
  });

  it("runs independent queries side by side only on a pool, never inside a transaction", async () => {
    expect(runsConcurrently(handle.db)).toBe(expectedDriver === "pg");
    await handle.db.transaction(async (tx) => expect(runsConcurrently(tx as unknown as Database)).toBe(false));
    // Results come back in task order either way.
    const slow = () => query<{ n: number }>(handle, sql`SELECT 1::int AS n FROM pg_sleep(0.05)`);
    const fast = () => query<{ n: number }>(handle, sql`SELECT 2::int AS n`);
    const [a, b] = await inTurnOrTogether(handle.db, [slow, fast] as const);
    expect([a[0]?.n, b[0]?.n]).toEqual([1, 2]);
  });

  it("treats a second migrate() as a no-op", async () => {
    const applied = await appliedMigrationCount();
    expect(applied).toBe(journalEntryCount());
    await handle.migrate();
    expect(await appliedMigrationCount()).toBe(applied);
    const rows = await handle.db.select().from(settings).where(eq(settings.key, "last_analytics_reset"));
    expect(rows).toHaveLength(1);
  });

  it("reports health: true while open, false after close", async () => {
    expect(await isDatabaseHealthy(handle.db)).toBe(true);
    await handle.close();
    closed = true;
    expect(await isDatabaseHealthy(handle.db)).toBe(false);
  });
});
