/** Telling "the database is away" apart from "this query is wrong", on both drivers. */

/**
 * Connection-level failures: the server is away, restarting or refusing connections, as
 * opposed to a bad query. Reads that meet one answer 503 (SPEC §2 error screen) instead of 500.
 * Looks through Drizzle's `cause` chain.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown,
    // cannot connect now), 53300 (too many connections); socket errors from Node.
    if (typeof code === "string" && (/^08/.test(code) || /^57P0[1-3]$/.test(code) || code === "53300")) return true;
    if (typeof code === "string" && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH)$/.test(code)) return true;
    const message = e instanceof Error ? e.message : "";
    if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(message)) return true;
  }
  return false;
}

/** Thrown when the database cannot be opened at all (server away, PGlite folder unusable). */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}
