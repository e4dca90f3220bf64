/**
 * With the database unreachable the site still serves its pages, /healthz says so, and an
 * enquiry shows the SPEC §8 error with everything the parent typed kept: never a fake success
 * (DESIGN.md §8).
 */
import { expect, test } from "@playwright/test";
import { productionEnv, spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";
import { extraPort } from "./env";

const PORT = extraPort(2);
let server: SpawnedServer;

test.describe("database unavailable", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "server behaviour: once is enough");
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    // Nothing listens on port 9 of this machine: every connection is refused.
    server = await spawnServer(PORT, { ...productionEnv(PORT), DATABASE_URL: "postgres://kva@127.0.0.1:9/kva" });
  });
  test.afterAll(() => server.stop());

  test("pages still load, /healthz answers 503", async ({ page, request }) => {
    expect((await request.get(`${server.origin}/healthz`)).status()).toBe(503);
    const response = await page.goto(`${server.origin}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toBeVisible();
  });

  test("an enquiry shows the error and keeps the input", async ({ page }) => {
    await page.goto(`${server.origin}/overview`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Enquire Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Enquire Now" });
    await dialog.getByLabel("Parent's name").fill("Parent While Down");
    await dialog.getByLabel("Mobile number").fill("9876501234");
    await dialog.getByLabel("Class seeking admission to").selectOption("Class 9");
    await dialog.getByLabel(/Email/).fill("parent@example.com");
    await dialog.getByRole("button", { name: "Send enquiry" }).click();
    await expect(dialog.getByText("Something went wrong!")).toBeVisible();
    await expect(dialog.getByText("Please try again later or contact us directly.")).toBeVisible();
    await expect(dialog.getByText("Thank you for your enquiry!")).toBeHidden();
    await expect(dialog.getByLabel("Parent's name")).toHaveValue("Parent While Down");
    await expect(dialog.getByLabel("Mobile number")).toHaveValue("9876501234");
    await expect(dialog.getByLabel("Class seeking admission to")).toHaveValue("Class 9");
    await expect(dialog.getByLabel(/Email/)).toHaveValue("parent@example.com");
    expect(await page.evaluate(() => sessionStorage.getItem("kva.enquiry.submitted"))).toBeNull();
  });
});
