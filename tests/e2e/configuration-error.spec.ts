/**
 * SPEC §2/§5 Configuration Error: a production start without the required variables answers
 * every page with the Configuration Error screen (HTTP 503) and logs the missing names.
 */
import { expect, test } from "@playwright/test";
import { spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";
import { extraPort } from "./env";

let server: SpawnedServer;

test.describe("configuration error", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "server behaviour: once is enough");
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    server = await spawnServer(extraPort(1), { NODE_ENV: "production" });
  });
  test.afterAll(() => server.stop());

  test("every page is the Configuration Error screen with HTTP 503, and the log names the variables", async ({ page }) => {
    for (const path of ["/", "/overview", "/admin", "/healthz"]) {
      const response = await page.goto(`${server.origin}${path}`);
      expect(response?.status(), path).toBe(503);
      await expect(page.locator("h1")).toHaveText("Configuration Error");
      await expect(page.getByText("The application is not properly configured. Please contact the administrator.")).toBeVisible();
    }
    expect(server.log()).toContain("Missing required environment variables: PUBLIC_SITE_URL, AUTH_SECRET, ADMIN_EMAIL, RECEIPT_SECRET");
  });
});
