/**
 * Helpers every query module shares (DESIGN.md §5): raw rows and json values read the same way
 * on both drivers, a text[] argument, errors' SQLSTATE and reason, and running independent
 * queries side by side when the database allows it (runsConcurrently in client.server.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import { runsConcurrently, type Database } from "./client.server";

/** Rows of a raw query; both drivers answer `{ rows }`. Throws what the driver throws. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A json column's value: node-postgres parses json, PGlite may hand back its text. */
export function jsonOf<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** A text[] literal of `values`, e.g. for a function argument. */
export function textArray(values: readonly string[]): SQL {
  return values.length === 0 ? sql`'{}'::text[]` : sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
}

/** The SQLSTATE code of an error or of any error in its cause chain (Drizzle wraps them), e.g. "23505". */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}


type Tasks = readonly (() => Promise<unknown>)[];
type Results<T extends Tasks> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent queries on `db`: side by side on a PostgreSQL pool, one after another on
 * PGlite (one connection) or inside a transaction. Results in task order; the first failure
 * is thrown.
 */
export async function inTurnOrTogether<T extends Tasks>(db: Database, tasks: T): Promise<Results<T>> {
  if (runsConcurrently(db)) return (await Promise.all(tasks.map((task) => task()))) as Results<T>;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as Results<T>;
}
