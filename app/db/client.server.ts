/**
 * The one database client (DESIGN.md §1, §5): embedded PGlite in `<DATA_DIR>/pglite` by
 * default, or a PostgreSQL server through `pg` when DATABASE_URL is set. Both speak the same
 * Drizzle API and run the same migrations from `drizzle/`.
 */
import path from "node:path";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { getConfig } from "~/lib/config.server";
import { DatabaseUnavailableError } from "./unavailable";
import { guardPoolCheckouts } from "./pool-checkout.server";
import * as admissionTables from "./schema/admissions";
import * as analyticsTables from "./schema/analytics";
import * as auditTables from "./schema/audit";
import * as contentTables from "./schema/content";
import * as authTables from "./schema/auth";
import * as enquiryTables from "./schema/enquiries";
import * as feeTables from "./schema/fees";
import * as lookupFailureTables from "./schema/lookup-failures";
import * as messageTables from "./schema/messages";
import * as paymentTables from "./schema/payments";
import * as rateLimitTables from "./schema/rate-limits";
import * as receiptTables from "./schema/receipts";
import * as settingsTables from "./schema/settings";
import * as signInTables from "./schema/sign-in-attempts";
import * as staffTables from "./schema/staff";
import { messageOf } from "~/lib/errors";

export const schema = { ...admissionTables, ...analyticsTables, ...auditTables, ...authTables, ...contentTables, ...enquiryTables, ...feeTables, ...lookupFailureTables, ...messageTables, ...paymentTables, ...rateLimitTables, ...receiptTables, ...settingsTables, ...signInTables, ...staffTables };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "pg";
  /** Applies every migration in `migrationsFolder` not yet applied. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** How long a request waits for a PostgreSQL connection before failing (ms), unless DATABASE_POOL_WAIT_MS says otherwise. */
export const CONNECT_TIMEOUT_MS = 3_000;
/** Connections a process keeps at most, unless DATABASE_POOL_MAX says otherwise. */
export const POOL_MAX = 10;
/**
 * Longest a statement may run on PostgreSQL (ms): a query stuck behind a lost server answers
 * an error instead of holding its request. Long maintenance work sets its own with SET LOCAL.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** The advisory-lock key (pg_advisory_lock) held while migrations run: "kva migrate". */
export const MIGRATION_LOCK_KEY = 0x6b76_6d69;

/**
 * Logs a database outage once, not once per request or per pooled connection: the first
 * failure of a run is printed, then at most one line a minute until a query succeeds again.
 */
function outageLogger(label: string) {
  let lastLogged = 0;
  return {
    failed(error: unknown) {
      const now = Date.now();
      if (now - lastLogged < 60_000) return;
      lastLogged = now;
      console.error(`${label}: ${messageOf(error)} (the site keeps serving and reconnects by itself)`);
    },
    recovered() {
      if (lastLogged === 0) return;
      lastLogged = 0;
      console.log(`${label}: connected again.`);
    },
  };
}

/** A PGlite data folder that another process holds, or that cannot be opened: one message for the operator. */
function pgliteOpenMessage(dir: string, error: unknown): string {
  const reason = messageOf(error);
  return `The embedded database in ${dir} could not be opened (${reason}). It may be damaged: restore the latest backup into an empty DATA_DIR with \`npm run restore -- FILE\`, or move the folder away to start empty.`;
}

/**
 * Claims `<dir>.lock` for this process, so a second process (a script, a second server) cannot
 * open the same PGlite folder and damage it. Returns a release function. Throws
 * DatabaseUnavailableError naming the holder when a live process holds it.
 */
function lockPgliteFolder(dir: string): () => void {
  const file = `${dir}.lock`;
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    if (pid && pid !== process.pid) {
      let alive = true;
      try {
        process.kill(pid, 0);
        // A pid reused by another program after a crash is not a holder (Linux: its command line).
        const cmdline = `/proc/${pid}/cmdline`;
        if (existsSync(cmdline) && !/node|tsx/.test(readFileSync(cmdline, "utf8"))) alive = false;
      } catch (error) {
        alive = (error as NodeJS.ErrnoException).code === "EPERM";
      }
      if (alive) throw new DatabaseUnavailableError(`The embedded database in ${dir} is in use by another process (pid ${pid}). Stop it first (only one process may open it), or set DATABASE_URL to use PostgreSQL.`);
    }
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw error;
    // No lock file (or an unreadable one): ours to take.
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

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
  /** PostgreSQL statement timeout in ms (default STATEMENT_TIMEOUT_MS); 0: none (backups). */
  statementTimeoutMs?: number;
  /** PostgreSQL pool: most connections (default POOL_MAX) and the wait for one in ms (default CONNECT_TIMEOUT_MS). */
  pool?: { max: number; waitMs: number };
};

/**
 * Opens a database. PostgreSQL: a pool that survives the server going away (every pool and
 * client 'error' is handled and logged once; broken connections are replaced on next use),
 * with CONNECT_TIMEOUT_MS and STATEMENT_TIMEOUT_MS. PGlite: throws DatabaseUnavailableError
 * with one clear message when the folder is held by another process or cannot be opened.
 * `migrate()` holds a PostgreSQL advisory lock, so processes starting at once migrate in turn.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? path.resolve("drizzle");
  if (options.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // JIT off for every session: the site's queries are short, and on PostgreSQL 15 compiling
    // an analytics aggregate over a million visits took longer than running it.
    const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
    const pool = guardPoolCheckouts(new Pool({
      connectionString: options.databaseUrl,
      max: options.pool?.max ?? POOL_MAX,
      options: `-c jit=off -c statement_timeout=${statementTimeout}`,
      connectionTimeoutMillis: options.pool?.waitMs ?? CONNECT_TIMEOUT_MS,
      // A statement whose server vanished (no reset, no answer) fails rather than waits.
      ...(statementTimeout > 0 ? { query_timeout: statementTimeout + 5_000 } : {}),
      keepAlive: true,
    }));
    const outage = outageLogger("Database connection lost");
    // Without these listeners a server restart ("terminating connection due to administrator
    // command") is an unhandled 'error' event, which ends the Node process.
    pool.on("error", (error) => outage.failed(error));
    pool.on("connect", (client) => {
      client.on("error", (error) => outage.failed(error));
      outage.recovered();
    });
    const db = drizzle(pool, { schema, casing: "snake_case" });
    pooled.add(db);
    let ended: Promise<void> | undefined;
    return {
      db: db as unknown as Database,
      driver: "pg",
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          await migrate(db, { migrationsFolder });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      // Once: a second call waits for the same end.
      close: () => (ended ??= pool.end()),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { intarray } = await import("@electric-sql/pglite/contrib/intarray");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = options.pgliteDir;
  if (dir && !dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const onDisk = !!dir && !dir.startsWith("memory://");
  const unlock = onDisk ? lockPgliteFolder(dir) : () => undefined;
  // intarray: the analytics rollups' visitor sets (drizzle/0005_analytics_daily_rollups.sql).
  let client: InstanceType<typeof PGlite>;
  try {
    client = new PGlite(dir, { extensions: { intarray } });
    await client.waitReady;
    await client.query("select 1");
  } catch (error) {
    unlock();
    throw new DatabaseUnavailableError(pgliteOpenMessage(dir ?? "memory", error), { cause: error });
  }
  const db = drizzle(client, { schema, casing: "snake_case" });
  return {
    db: db as unknown as Database,
    driver: "pglite",
    migrate: () => migrate(db, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** True when a trivial query succeeds within `timeoutMs`; used by GET /healthz. Never throws. */
export async function isDatabaseHealthy(db: Database, timeoutMs = CONNECT_TIMEOUT_MS + 500): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

let current: Promise<DatabaseHandle> | undefined;

/**
 * The process-wide database from `getConfig()`, opened and migrated on first use (`options`
 * apply to that first open: the backup commands lift the statement timeout). A failed
 * open is not cached, so the next caller tries again (the database may come back).
 */
export function getDatabase(options: Pick<OpenOptions, "statementTimeoutMs"> = {}): Promise<DatabaseHandle> {
  current ??= (async () => {
    const config = getConfig();
    const handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, "pglite"),
      pool: config.databasePool,
      ...options,
    });
    try {
      await handle.migrate();
    } catch (error) {
      // The next caller opens afresh: no pool (or PGlite folder lock) is left behind.
      await handle.close().catch(() => undefined);
      throw error;
    }
    return handle;
  })().catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}

/** Closes the process-wide database if it was opened (graceful shutdown). Never throws. */
export async function closeDatabase(): Promise<void> {
  const opened = current;
  current = undefined;
  if (!opened) return;
  try {
    await (await opened).close();
  } catch {
    // Never opened, or already closed.
  }
}

/** Shortcut for loaders and actions: the Drizzle instance of `getDatabase()`. */
export async function getDb(): Promise<Database> {
  return (await getDatabase()).db;
}
