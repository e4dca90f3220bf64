/**
 * The site's own signed cookies (the sign-in throttle's device cookie, the second sign-in step,
 * showing recovery codes once): React Router's cookie helper signing with AUTH_SECRET
 * (HMAC-SHA256), HttpOnly, SameSite=Lax, path /; Secure with the `__Host-` prefix in production
 * (OWASP Session Management Cheat Sheet, cookie prefixes).
 */
import { createCookie, type Cookie } from "react-router";
import { getConfig } from "./config.server";

/** A signed cookie "kva.<name>" ("__Host-kva.<name>" in production) kept `maxAgeS` seconds. Throws when the configuration is missing. */
export function signedCookie(name: string, maxAgeS: number): Cookie {
  const config = getConfig();
  return createCookie(config.production ? `__Host-kva.${name}` : `kva.${name}`, {
    secrets: [config.authSecret],
    httpOnly: true,
    secure: config.production,
    sameSite: "lax",
    path: "/",
    maxAge: maxAgeS,
  });
}
