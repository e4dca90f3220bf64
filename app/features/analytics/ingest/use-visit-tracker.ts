/**
 * Reports the page changes React Router makes without loading a document (a form's answer
 * leading to another page, on the pages that hydrate): the site's chrome script reports every
 * document it starts on (app/features/routes/public/chrome.ts), so the first render sends nothing.
 * SPEC §2, §4, §5.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { sendPageview } from "./pageview";

/** Mount once, in the public layout. */
export function useVisitTracker(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = location.href;
    if (from !== null) sendPageview(pathname, from);
  }, [pathname]);
}
