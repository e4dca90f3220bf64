/**
 * Reports a page visit (SPEC §2, §4, §5): a beacon to POST /api/track with the session id, the
 * path and the referrer. navigator.sendBeacon, else fetch with keepalive; failures are silent.
 * Bots send nothing: isbot's naive check plus "headless" on the browser's user agent here (the
 * full list is ~2.7 KB gzip; the server applies it).
 */
import { isbotNaive } from "isbot";
import { sessionId } from "./session-id";

export const TRACK_URL = "/api/track";

/** Sends one pageview of `path` ("/fee") that came from `referrer` (a URL, or "" for none). Never throws. */
export function sendPageview(path: string, referrer: string): void {
  const ua = navigator.userAgent;
  if (isbotNaive(ua) || /headless/i.test(ua)) return;
  try {
    const body = JSON.stringify({ sid: sessionId(localStorage, Date.now()), path, ref: referrer || undefined });
    if (!navigator.sendBeacon?.(TRACK_URL, body)) void fetch(TRACK_URL, { method: "POST", body, keepalive: true }).catch(() => undefined);
  } catch {
    // Analytics failures are tolerated silently (SPEC §5).
  }
}
