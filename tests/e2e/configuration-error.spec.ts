/**
 * SPEC §2/§5 Configuration Error: a production start without the required variables answers
 * every page with the Configuration Error screen (HTTP 503) and logs the missing names.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "./env";

/** Beside the main test server's port, so checkouts given a port range stay inside it. */
const PORT = E2E_PORT + 9;
let server: ChildProcess;
let log = "";

test.describe("configuration error", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "server behaviour: once is enough");

  test.beforeAll(async () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: "data/e2e-config-error" };
    server = spawn("node_modules/.bin/tsx", ["server/index.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (d) => (log += d));
    server.stderr!.on("data", (d) => (log += d));
    await expect.poll(() => log, { timeout: 30_000 }).toContain("Serving");
  });

  test.afterAll(() => {
    server.kill();
  });

  test("every page is the Configuration Error screen with HTTP 503, and the log names the variables", async ({ page }) => {
    for (const path of ["/", "/overview", "/admin", "/healthz"]) {
      const response = await page.goto(`http://localhost:${PORT}${path}`);
      expect(response?.status(), path).toBe(503);
      await expect(page.locator("h1")).toHaveText("Configuration Error");
      await expect(page.getByText("The application is not properly configured. Please contact the administrator.")).toBeVisible();
    }
    expect(log).toContain("Missing required environment variables: PUBLIC_SITE_URL, AUTH_SECRET, ADMIN_EMAIL, RECEIPT_SECRET");
  });
});
