/**
 * What to say about something thrown, for a log line or an answer: every catch of the site
 * that reports an error uses these rather than its own `instanceof Error` test.
 */

/** The message of `error` when it is an Error, else `error` as text. Never throws. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The most specific message of `error`: its innermost `cause` with a message (up to 5 deep),
 * else its own. A database driver's "Failed query: …" wrapper gives way to the server's reason
 * ("relation … does not exist"): the "{reason}" of SPEC §8 messages. Never throws.
 */
export function reasonOf(error: unknown): string {
  let message = messageOf(error);
  for (let e: unknown = (error as { cause?: unknown })?.cause, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error && e.message) message = e.message;
  }
  return message;
}
