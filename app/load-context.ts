/** What Express hands every loader and action (server/app.ts `getLoadContext`). */
import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request CSP nonce (base64, 128 bits). */
    cspNonce: string;
    /** Client IP after TRUST_PROXY hops, as Express computed it. */
    clientIp: string;
  }
}

export {};
