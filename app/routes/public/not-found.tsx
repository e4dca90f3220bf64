/**
 * Every path no route knows (SPEC §2 redirects): a legacy path goes to its page, anything else
 * to the home page, with one 301 that keeps the query string. `replace` makes in-app
 * navigations replace the history entry, as the SPEC asks. Page requests for legacy paths are
 * usually answered earlier by the Express middleware (server/legacy-redirects.ts) with the
 * same table; this loader also serves client navigations (`.data` requests).
 */
import { replace } from "react-router";
import type { Route } from "./+types/not-found";
import { resolveLegacyPath, withQuery } from "~/features/content/redirects";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return replace(withQuery(resolveLegacyPath(url.pathname) ?? "/", url.search), 301);
}
