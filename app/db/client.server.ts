/**
 * The one database client (DESIGN.md §1, §5): embedded PGlite in `<DATA_DIR>/pglite` by
 * default, or a PostgreSQL server through `pg` when DATABASE_URL is set. Both speak the same
 * Drizzle API and run the same migrations from `drizzle/`.
 */
import path from "node:path";
import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { getConfig } from "~/lib/config.server";
import * as analyticsTables from "./schema/analytics";
import * as authTables from "./schema/auth";
import * as enquiryTables from "./schema/enquiries";
import * as paymentTables from "./schema/payments";
import * as receiptTables from "./schema/receipts";
import * as settingsTables from "./schema/settings";
import * as signInTables from "./schema/sign-in-attempts";

export const schema = { ...analyticsTables, ...authTables, ...enquiryTables, ...paymentTables, ...receiptTables, ...settingsTables, ...signInTables };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "pg";
  /** Applies every migration in `migrationsFolder` not yet applied. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Drizzle instances on a PostgreSQL pool, which can run several queries at once. */
const pooled = new WeakSet<object>();

/**
 * Whether independent queries on `db` may run side by side: true for a PostgreSQL pool; false
 * for PGlite (one connection, which would only queue them) and for a transaction handle.
 */
export function runsConcurrently(db: Database): boolean {
  return pooled.has(db);
}

export type OpenOptions = {
  /** PostgreSQL URL; when absent, PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; `undefined` or "memory://" keeps the database in memory. */
  pgliteDir?: string;
  /** Defaults to `<cwd>/drizzle`. */
  migrationsFolder?: string;
};

/**
 * Opens a database. Throws whatever the driver throws when the server or folder is unusable.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve("drizzle");
  if (options.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // JIT off for every session: the site's queries are short, and on PostgreSQL 15 compiling
    // an analytics aggregate over a million visits took longer than running it.
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10, options: "-c jit=off" });
    // An idle connection the server ends (a restart, an administrator's command) is an 'error'
    // event on the pool, which drops the connection; without a listener it would end the process.
    pool.on("error", (error) => console.error(`PostgreSQL connection closed by the server: ${error.message}`));
    const db = drizzle(pool, { schema, casing: "snake_case" });
    pooled.add(db);
    return {
      db: db as unknown as Database,
      driver: "pg",
      migrate: () => migrate(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { intarray } = await import("@electric-sql/pglite/contrib/intarray");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = options.pgliteDir;
  if (dir && !dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  // intarray: the analytics rollups' visitor sets (drizzle/0005_analytics_daily_rollups.sql).
  const client = new PGlite(dir, { extensions: { intarray } });
  await client.waitReady;
  const db = drizzle(client, { schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    driver: "pglite",
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** True when a trivial query succeeds; used by GET /healthz. Never throws. */
export async function isDatabaseHealthy(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

let current: Promise<DatabaseHandle> | undefined;

/**
 * The process-wide database from `getConfig()`, opened and migrated on first use. A failed
 * open is not cached, so the next caller tries again (the database may come back).
 */
export function getDatabase(): Promise<DatabaseHandle> {
  current ??= (async () => {
    const config = getConfig();
    const handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, "pglite"),
    });
    await handle.migrate();
    return handle;
  })().catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}

/** Shortcut for loaders and actions: the Drizzle instance of `getDatabase()`. */
export async function getDb(): Promise<Database> {
  return (await getDatabase()).db;
}
