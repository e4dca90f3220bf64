/**
 * Gives every PostgreSQL connection Drizzle checks out of the pool back to it, whole or broken.
 *
 * drizzle-orm 0.45's node-postgres `transaction()` takes a client from the pool and sends BEGIN
 * before the try/finally that releases it (drizzle-orm issues 6023 and 6241, open). When BEGIN
 * fails — the server closed the connection while it sat idle, as a PostgreSQL restart does — the
 * client is never released: the pool loses a connection for good (ten such and every request
 * waits), and `pool.end()` at shutdown waits forever (the fault test's SIGTERM took 10 s and
 * exited 1). Its `release()` also never says why a transaction failed, so a connection that lost
 * its server, or whose statement pg's `query_timeout` abandoned, could be handed out again.
 */
import type { Pool, PoolClient } from "pg";

/** A PostgreSQL server error carries its SQLSTATE; a lost connection or pg's own timeout does not. */
function isServerError(error: unknown): boolean {
  return typeof (error as { code?: unknown } | null)?.code === "string";
}

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;

/**
 * Wraps one checkout: a failed BEGIN gives the client back at once (as broken, so the pool
 * closes it); a statement that failed without a server error makes `release()` close it too;
 * `release()` after that is a no-op until the pool's next checkout, so a later fix in Drizzle does
 * not release twice. The query wrapper is undone when the client goes back.
 */
export function guardCheckout(client: PoolClient): PoolClient {
  const release = client.release;
  const query = client.query;
  let broken: Error | undefined;
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    Reflect.deleteProperty(client, "query");
    if (client.query !== query) client.query = query;
    release.call(client, error || broken);
  };
  client.release = giveBack;
  client.query = function guardedQuery(this: PoolClient, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(client, args) as unknown;
    if (!(result instanceof Promise)) return result;
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "");
    return result.catch((error: Error) => {
      if (!isServerError(error)) broken ??= error;
      if (BEGIN.test(text)) giveBack(error);
      throw error;
    });
  } as PoolClient["query"];
  return client;
}

/**
 * Makes `pool.connect()` (the promise form, which Drizzle's transactions use) hand out guarded
 * checkouts. The callback form, which `pool.query()` uses and which releases correctly, is left
 * alone. Returns the same pool.
 */
export function guardPoolCheckouts<P extends Pool>(pool: P): P {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: unknown) => (callback ? connect(callback) : (connect() as Promise<PoolClient>).then(guardCheckout))) as P["connect"];
  return pool;
}
