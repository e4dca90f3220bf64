/**
 * The CSP nonce of the current server render (DESIGN.md §6). On the client it is "" (browsers
 * hide nonce attributes from scripts, and scripts added after load need none).
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The nonce to put on inline `<script>` elements rendered by React. */
export function useNonce(): string {
  return useContext(NonceContext);
}
