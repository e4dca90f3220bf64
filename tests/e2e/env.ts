/** Settings shared by the Playwright config and specs. */
export const E2E_PORT = 3210;

/** Debian's Chromium, started as the machine allows (DESIGN.md §2 gotchas). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const E2E_ADMIN = { email: "admin@e2e.example", password: "e2e-admin-password-1" };

/** A complete production configuration with a throwaway data folder. */
export const E2E_ENV: Record<string, string> = {
  NODE_ENV: "production",
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  DATA_DIR: "data/e2e",
  PUBLIC_SITE_URL: `http://localhost:${E2E_PORT}`,
  AUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789abcdef",
  RECEIPT_SECRET: "e2e-receipt-secret-0123456789abcdef0123456789abcdef",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
};
