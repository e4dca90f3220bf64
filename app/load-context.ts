/** What Express hands every loader and action (server/app.ts `getLoadContext`). */
import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /**
     * Per-request CSP nonce (base64, 128 bits). A page rendered once for many visitors gets a
     * one-off token instead, and its marked scripts are allowed by hash (server/script-hashes.ts).
     */
    cspNonce: string;
    /** Client IP after TRUST_PROXY hops, as Express computed it; "" for a page rendered once for many visitors. */
    clientIp: string;
    /**
     * The instant date-dependent content is computed for: the time of the request, or the
     * instant a daily page is rendered for (server/page-cache.ts). Read it with `renderInstant`.
     */
    now: Date;
    /**
     * The URL of the chrome script's chunk (server/page-cache.ts `chromeScriptSrc`), which a page
     * whose route says `handle = { hydrate: false }` loads in place of React (app/lib/without-react.ts
     * `withoutReact`); absent in development and where the build does not name it, and then every
     * page hydrates.
     */
    chromeScript?: string;
  }
}

export {};
