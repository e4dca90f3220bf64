/**
 * Every path no route knows (SPEC §2 redirects): a legacy path goes to its page, anything else
 * to the home page, with one 301 that keeps the query string. Page requests for legacy paths are
 * usually answered earlier by the Express middleware (server/legacy-redirects.ts) with the
 * same table; this loader also serves client navigations (`.data` requests).
 *
 * SPEC §2 asks that redirects replace rather than push. In a client navigation React Router
 * runs this loader before it commits the new URL, so a plain redirect never puts the legacy
 * path in the history: Back returns to the page the visitor came from. (React Router's
 * `replace()` would instead overwrite that previous page's entry.)
 */
import { redirect } from "react-router";
import type { Route } from "./+types/not-found";
import { resolveLegacyPath, withQuery } from "~/features/content/redirects";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(withQuery(resolveLegacyPath(url.pathname) ?? "/", url.search), 301);
}
