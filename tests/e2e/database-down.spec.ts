/**
 * With the database unreachable the site still serves its pages, /healthz says so, and an
 * enquiry shows the SPEC §8 error with everything the parent typed kept: never a fake success
 * (DESIGN.md §8). A gateway's webhook gets a non-2xx answer (so it is retried) and a parent
 * returning from the gateway sees 'Payment being confirmed' with the reference.
 */
import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { productionEnv, spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";
import { extraPort } from "./env";

const PORT = extraPort(2);
/** A configured gateway whose API is unreachable too (port 9). */
const RAZORPAY = { PAYMENT_PROVIDER: "razorpay", RAZORPAY_KEY_ID: "rzp_test_down", RAZORPAY_KEY_SECRET: "down-key-secret", RAZORPAY_WEBHOOK_SECRET: "down-webhook-secret", RAZORPAY_API_URL: "http://127.0.0.1:9" };
let server: SpawnedServer;

test.describe("database unavailable", () => {
  // One server on one port for the group: its tests run in one worker, in order.
  test.describe.configure({ mode: "default" });
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "server behaviour: once is enough");
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    // Nothing listens on port 9 of this machine: every connection is refused.
    server = await spawnServer(PORT, { ...productionEnv(PORT), DATABASE_URL: "postgres://kva@127.0.0.1:9/kva", ...RAZORPAY });
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

  test("a signed webhook is answered 503 so the gateway retries, and the server keeps serving", async ({ request }) => {
    const body = JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { id: "pay_down", order_id: "order_down", amount: 100, currency: "INR", status: "captured" } } } });
    const signature = createHmac("sha256", RAZORPAY.RAZORPAY_WEBHOOK_SECRET).update(body).digest("hex");
    const answer = await request.post(`${server.origin}/api/payments/razorpay/webhook`, { data: body, headers: { "content-type": "application/json", "x-razorpay-signature": signature, "x-razorpay-event-id": "evt_down" } });
    expect(answer.status()).toBe(503);
    expect((await request.get(`${server.origin}/overview`)).status()).toBe(200);
    await expect.poll(() => server.log()).toContain("Payment webhook evt_down not stored (the gateway will retry)");
  });

  test("a parent returning from the gateway sees 'Payment being confirmed' with the reference", async ({ page }) => {
    await page.goto(`${server.origin}/overview`);
    // The page's own scripts must be done before its document is replaced (a hydration after
    // setContent rendered the page again over the test's form: CI saw the button never appear).
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The gateway's page posts the callback cross-site, as Hosted Checkout does.
    await page.setContent(`<form method="post" action="${server.origin}/student-payment?gateway=razorpay&reference=K7M2Q9XA4TRB">
      <input name="razorpay_payment_id" value="pay_down"><input name="razorpay_order_id" value="order_down"><input name="razorpay_signature" value="00"><button>Return</button></form>`);
    await page.getByRole("button", { name: "Return" }).click();
    await expect(page).toHaveURL(`${server.origin}/payment-pending?reference=K7M2Q9XA4TRB`);
    await expect(page.locator("h1")).toHaveText("Payment being confirmed");
    await expect(page.getByTestId("pending-reference")).toHaveText("K7M2Q9XA4TRB");
  });
});
