/** Reading database errors the same way on both drivers (Drizzle wraps them in `cause`). */

/** The SQLSTATE code of an error or of any error in its cause chain, e.g. "23505". */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The most specific message in an error's cause chain, for "{reason}" in SPEC §8 messages. */
export function reasonOf(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let e: unknown = (error as { cause?: unknown })?.cause, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error && e.message) message = e.message;
  }
  return message;
}

/** An Error with a SPEC §8 message whose cause is the original error. */
export function analyticsError(message: string, cause?: unknown): Error {
  return new Error(message, cause === undefined ? undefined : { cause });
}
