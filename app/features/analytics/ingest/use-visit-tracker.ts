/**
 * Reports each page visit once (SPEC §2, §4, §5): on the first load and on every route change,
 * a beacon to POST /api/track with the session id, the path and the referrer
 * (document.referrer first, then the previous page). navigator.sendBeacon, else fetch with
 * keepalive; failures are silent. Bots send nothing: isbot's naive check plus "headless" on
 * the browser's user agent here (the full list is ~2.7 KB gzip; the server applies it).
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { isbotNaive } from "isbot";
import { sessionId } from "./session-id";

export const TRACK_URL = "/api/track";

/** Mount once, in the public layout. */
export function useVisitTracker(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const ref = previous.current ?? document.referrer;
    previous.current = location.href;
    const ua = navigator.userAgent;
    if (isbotNaive(ua) || /headless/i.test(ua)) return;
    try {
      const body = JSON.stringify({ sid: sessionId(localStorage, Date.now()), path: pathname, ref: ref || undefined });
      if (!navigator.sendBeacon?.(TRACK_URL, body)) void fetch(TRACK_URL, { method: "POST", body, keepalive: true }).catch(() => undefined);
    } catch {
      // Analytics failures are tolerated silently (SPEC §5).
    }
  }, [pathname]);
}
