/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set
 * (CI's PostgreSQL pass), a scratch database created next to it and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";

/** `url`: the scratch PostgreSQL database's URL (undefined on PGlite), for a second connection pool. */
export type TestDatabase = DatabaseHandle & { url?: string; dispose(): Promise<void> };

/**
 * A fresh database and a second handle on it standing for another server process: its own
 * connection pool on PostgreSQL (advisory locks and sessions are per connection); the same
 * instance on PGlite (one process by design). `dispose` closes both.
 */
export async function openTwoProcessDatabase(): Promise<{ first: TestDatabase; second: DatabaseHandle; dispose(): Promise<void> }> {
  const first = await openTestDatabase();
  const second = first.url ? await openDatabase({ databaseUrl: first.url }) : first;
  return {
    first,
    second,
    dispose: async () => {
      if (second !== first) await second.close();
      await first.dispose();
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (!serverUrl) {
    const handle = await openDatabase({ pgliteDir: "memory://" });
    await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `kva_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}

