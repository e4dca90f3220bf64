/**
 * Server rendering entry: React Router's Node default, with the whole document sent as one body
 * (nothing suspends on the server), plus the per-request CSP nonce (DESIGN.md §6). The nonce
 * comes from Express (`res.locals.cspNonce`) through the load context and is put on every
 * script React Router emits; prerendered pages get a placeholder instead (app/lib/prerender.ts).
 * A page whose route says `handle = { hydrate: false }` has no React in the browser, only the
 * chrome script, started after its first paint; `hydrate: "on-interaction"` loads React when the
 * parent starts on the page (app/lib/without-react.ts).
 */
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { isDatabaseUnavailable } from "~/db/unavailable";
import { ConstantMarkupContext, keptMarkup } from "~/lib/constant-markup";
import { NonceProvider } from "~/lib/nonce";
import { hydrateOnInteraction, withoutReact, type PageHandle } from "~/lib/without-react";

export const streamTimeout = 5_000;

/** The chrome's markup that is the same on every page, rendered once per process (app/lib/constant-markup.tsx). */
const constantMarkup = keptMarkup(renderToStaticMarkup);

/** Requests whose loader or action met a database outage (React Router reports errors before rendering). */
const metOutage = new WeakSet<Request>();

/**
 * Errors of loaders and actions: a database outage is already logged once by the pool
 * (app/db/client.server.ts), so it is not repeated for every request, only remembered for the
 * status; anything else is logged. In production React Router hides the error itself from
 * handleRequest (it becomes "Unexpected Server Error"), so the status is decided here.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (isDatabaseUnavailable(error)) {
    metOutage.add(request);
    return;
  }
  if (!request.signal.aborted) console.error(error);
}

/**
 * When the page hydrates React: as its deepest route's `handle` says (PageHandle: `true` at once
 * unless it says otherwise), and at once for a page that rendered an error (the error screen
 * hydrates).
 */
function hydration({ staticHandlerContext: { matches, errors }, routeModules }: EntryContext): NonNullable<PageHandle["hydrate"]> {
  const leaf = matches.at(-1);
  if (errors !== null || !leaf) return true;
  return (routeModules[leaf.route.id]?.handle as PageHandle | undefined)?.hydrate ?? true;
}

/** The page React Router rendered, as its route's `hydrate` asks (app/lib/without-react.ts); unchanged without the chrome's URL (development). */
function asHydrated(html: Buffer<ArrayBuffer>, routerContext: EntryContext, chromeScript: string | undefined, nonce: string): Buffer<ArrayBuffer> | string {
  if (!chromeScript) return html;
  const when = hydration(routerContext);
  if (when === false) return withoutReact(html.toString("utf8"), chromeScript, nonce);
  if (when === "on-interaction") return hydrateOnInteraction(html.toString("utf8"), chromeScript, nonce);
  return html;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page that could not be rendered because the database is away is a 503 (retry later),
  // not a 500: the SPEC §2 error screen, and load balancers and monitors read it as an outage.
  if (responseStatusCode >= 500 && metOutage.has(request)) responseStatusCode = 503;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Our server puts a nonce in every load context (pages kept in memory get a token whose scripts are hashed).
  const nonce = loadContext.cspNonce ?? "";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ConstantMarkupContext value={constantMarkup}>
        <NonceProvider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceProvider>
      </ConstantMarkupContext>,
      {
        nonce,
        // No page suspends on the server (no deferred data), so its shell is the whole document:
        // it is collected and sent as one body, which compression and the socket take in one
        // write each instead of one per 2 KB chunk of React's stream (issue 29).
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const html = Buffer.concat(chunks);
              resolve(new Response(asHydrated(html, routerContext, loadContext.chromeScript, nonce), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
