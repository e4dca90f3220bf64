/** Settings shared by the Playwright config and specs. */
import { CHROMIUM_FLAGS } from "../../scripts/audit/chromium";

/** Port of the server under test; E2E_PORT lets two checkouts test side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * Ports of the extra servers some specs start (1 to 19 above E2E_PORT), so checkouts tested
 * side by side with E2E_PORTs more than 19 apart never collide.
 */
export const extraPort = (n: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20) => E2E_PORT + n;

/** Debian's Chromium flags (DESIGN.md §2 gotchas); Playwright adds its own headless flag. */
export const CHROMIUM_ARGS = CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless"));

export const E2E_ADMIN = { email: "admin@e2e.example", password: "e2e-admin-password-1" };
/** A signed-in address that is not ADMIN_EMAIL, so its role is USER (SPEC §6). */
export const E2E_USER = { email: "viewer@e2e.example", password: "e2e-viewer-password-1" };
/** Another USER, whose second factor two-factor.spec.ts sets up, uses and turns off. */
export const E2E_TWO_FACTOR_USER = { email: "two-factor@e2e.example", password: "e2e-two-factor-password-1" };

/** A complete production configuration with a throwaway data folder. */
export const E2E_ENV: Record<string, string> = {
  NODE_ENV: "production",
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  DATA_DIR: `data/e2e-${E2E_PORT}`,
  PUBLIC_SITE_URL: `http://localhost:${E2E_PORT}`,
  AUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789abcdef",
  RECEIPT_SECRET: "e2e-receipt-secret-0123456789abcdef0123456789abcdef",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // Every test posts from 127.0.0.1; rate-limit.spec.ts checks the limit on its own server.
  RATE_LIMIT_POSTS: "100000",
};
