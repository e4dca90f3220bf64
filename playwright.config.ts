import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH } from "./scripts/audit/chromium";
import { CHROMIUM_ARGS, E2E_ENV, E2E_PORT, E2E_TWO_FACTOR_USER, E2E_USER } from "./tests/e2e/env";

export default defineConfig({
  testDir: "./tests/e2e",
  // The owner must sign in with a second factor: set it up once, before the workers start.
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "on-first-retry",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    {
      name: "mobile",
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: false },
    },
  ],
  webServer: {
    // A production server on a fresh database, configured as a real deployment would be, with
    // two extra accounts whose role is USER.
    command: [
      `rm -rf ${E2E_ENV.DATA_DIR}`,
      `node_modules/.bin/tsx scripts/create-admin.ts --email ${E2E_USER.email} --password ${E2E_USER.password} > /dev/null`,
      `node_modules/.bin/tsx scripts/create-admin.ts --email ${E2E_TWO_FACTOR_USER.email} --password ${E2E_TWO_FACTOR_USER.password} > /dev/null`,
      "node_modules/.bin/tsx server/index.ts",
    ].join(" && "),
    url: `http://localhost:${E2E_PORT}/healthz`,
    env: E2E_ENV,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
