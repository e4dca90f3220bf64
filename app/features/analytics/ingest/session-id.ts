/**
 * The tracker's session id (SPEC §4, §9): kept in localStorage and renewed 2 hours
 * (7,200,000 ms) after it was created. Runs in the browser; kept tiny (≤ 1 KB gzip budget).
 */

export const SESSION_KEY = "kva.analytics.session";
export const SESSION_RENEW_MS = 7_200_000;

/** 32 hex characters from crypto.getRandomValues (works on plain http too, unlike randomUUID). */
export function newSessionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The current session id at `now` (ms), creating or renewing it in `storage` as needed. The
 * stored value is "<id>.<created ms>". When storage is unavailable, a new id each call.
 */
export function sessionId(storage: Pick<Storage, "getItem" | "setItem"> | undefined, now: number, create = newSessionId): string {
  try {
    const [id, created] = (storage?.getItem(SESSION_KEY) ?? "").split(".");
    if (id && now - Number(created) < SESSION_RENEW_MS) return id;
    const fresh = create();
    storage?.setItem(SESSION_KEY, `${fresh}.${now}`);
    return fresh;
  } catch {
    return create();
  }
}
