/**
 * Online payments in a real browser: through the test gateway a payment that is paid,
 * one that fails, and one left pending then settled by the administrator's Check with the bank;
 * one payment end to end through each protocol's local test double (Eazypay: encrypted hand-off →
 * hosted page → signed POST to /student-payment → EazyPGVerify → result page; Razorpay: form
 * POST to Hosted Checkout → signed callback and webhooks → result page); /icici-debug refused to a
 * visitor and to a non-admin. Sample payments need the development configuration, so those flows
 * run on servers of their own (the production server refuses them, as tested below).
 */
import { rmSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { startEazypayFake, type EazypayFake } from "../fakes/eazypay-fake";
import { startRazorpayFake, type RazorpayFake } from "../fakes/razorpay-fake";
import { E2E_ADMIN, E2E_USER, extraPort } from "./env";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";
import { developmentEnv, spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";

const isMobile = (width: number | undefined) => (width ?? 0) < 500;

async function startDevServer(port: number, extra: Record<string, string>): Promise<SpawnedServer> {
  rmSync(`data/e2e-${port}`, { recursive: true, force: true });
  return spawnServer(port, developmentEnv(port, extra));
}

/** Starts a sample payment on /sample-payment and returns the hand-off page's URL. */
async function startSample(page: Page, origin: string, key: string, amount = "Two months of tuition") {
  await page.goto(`${origin}/sample-payment`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel(amount).check();
  await page.getByLabel("What it pays for").fill(key);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
  await expect(page.getByRole("heading", { name: "Confirm and pay" })).toBeVisible();
  return page.url();
}

/** Console errors of our own pages (a test double's pages are not ours). */
function consoleErrors(page: Page, origin: string): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && m.location().url.startsWith(origin) && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function reference(page: Page): Promise<string> {
  return (await page.getByTestId("order-reference").first().textContent())!.trim();
}

test.describe("payments on the production server", () => {
  test.skip(({ viewport }) => isMobile(viewport?.width), "server behaviour: once is enough");
  test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

  test("/icici-debug is refused to a visitor (login) and to a signed-in non-admin (Access Denied), and is the administrator's", async ({ page }) => {
    await page.goto("/icici-debug");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Ficici-debug$/);
    await signIn(page, E2E_USER);
    const denied = await page.goto("/icici-debug");
    expect(denied?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("ICICI_AES_KEY")).toHaveCount(0);
    await page.context().clearCookies();
    await page.goto("/icici-debug");
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/icici-debug$/);
    await expect(page.getByRole("heading", { name: "Payment Debug" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute("content", /noindex/);
    // Production refuses the test gateway, so online payment is unavailable and says why.
    await expect(page.getByText("unavailable", { exact: true })).toBeVisible();
    await expect(page.getByText("PAYMENT_PROVIDER=mock is the test gateway and is refused in production")).toBeVisible();
  });

  test("the test gateway and sample payments do not exist in production", async ({ page, request }) => {
    const mock = await page.goto("/mock-payment?reference=ABCDEFGHJKLM&amount=100&signature=x");
    expect(mock?.status()).toBe(404);
    await expect(page.getByText("Test payments are not available on this site.")).toBeVisible();
    const sample = await page.goto("/sample-payment");
    expect(sample?.status()).toBe(404);
    await expect(page.getByText("Sample payments are not available on this site.")).toBeVisible();
    const posted = await request.post("/sample-payment", { form: { amount: "one-rupee", key: "prod-try" } });
    expect(posted.status()).toBe(404);
    // A made-up test-gateway return is no gateway's return here: nothing happens.
    const forged = await request.get("/student-payment?mock_reference=ABCDEFGHJKLM&mock_status=paid&mock_payment_id=x&mock_amount=1.00&mock_signature=00", { maxRedirects: 0 });
    expect(forged.status()).toBe(200);
    expect(await forged.text()).toContain("There is no payment result to show here now.");
  });
});

test.describe("the test gateway", () => {
  // One server (and fake) on fixed ports for the group: its tests run in one worker, in order.
  test.describe.configure({ mode: "default" });
  // Parents pay on phones: this flow runs at 390 px, on a server of its own.
  test.skip(({ viewport }) => !isMobile(viewport?.width), "runs once, at 390 px");
  const PORT = extraPort(6);
  let server: SpawnedServer;
  test.beforeAll(async () => {
    if (!isMobile(test.info().project.use.viewport?.width)) return;
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    server = await startDevServer(PORT, { PAYMENT_PROVIDER: "mock" });
  });
  test.afterAll(() => server?.stop());
  test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

  test("paid: the success page says the SPEC's words and what was paid", async ({ page }) => {
    const errors = consoleErrors(page, server.origin);
    await startSample(page, server.origin, "e2e-mock-paid");
    const ref = await reference(page);
    await expect(page.getByTestId("order-total")).toHaveText("₹5,200");
    await page.getByRole("link", { name: "Continue to payment" }).click();
    await expect(page.getByText("Test gateway: no real money moves")).toBeVisible();
    await expect(page.getByTestId("mock-amount")).toHaveText("₹5,200");
    await expect(page.getByText(ref)).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/payment-success\?order=[\w-]{22}$/);
    await expect(page.locator("h1")).toHaveText("Payment Successful!");
    await expect(page.getByText("Your fee payment has been processed successfully.")).toBeVisible();
    await expect(page.getByTestId("order-reference")).toHaveText(ref);
    await expect(page.getByText("Two months of tuition (₹5,200)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Fee Payment" })).toHaveAttribute("href", "/fee-payment");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The same thing cannot be paid again.
    await page.goto(`${server.origin}/sample-payment`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("What it pays for").fill("e2e-mock-paid");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByText("This is already paid.")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("failed: the failure page with Try Again", async ({ page }) => {
    await startSample(page, server.origin, "e2e-mock-failed");
    await page.getByRole("link", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: "Fail" }).click();
    await expect(page).toHaveURL(/\/payment-failure\?order=/);
    await expect(page.locator("h1")).toHaveText("Payment Failed!");
    await expect(page.getByText("Your payment could not be processed. Please try again.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/fee-payment");
  });

  test("a double submit and a reload continue the same order", async ({ page }) => {
    const first = await startSample(page, server.origin, "e2e-mock-double");
    await page.reload();
    expect(page.url()).toBe(first);
    await page.goto(`${server.origin}/sample-payment`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Two months of tuition").check();
    await page.getByLabel("What it pays for").fill("e2e-mock-double");
    await page.getByRole("button", { name: "Pay" }).dblclick();
    await expect(page).toHaveURL(first);
  });

  test("left pending, then settled: 'being confirmed' until the administrator's Check with the bank finds it paid", async ({ page, browser }) => {
    await startSample(page, server.origin, "e2e-mock-pending", "An amount with paise");
    const ref = await reference(page);
    await page.getByRole("link", { name: "Continue to payment" }).click();
    const checkoutUrl = page.url();
    await page.getByRole("button", { name: "Leave pending" }).click();
    await expect(page).toHaveURL(/\/payment-pending\?order=/);
    await expect(page.locator("h1")).toHaveText("Payment being confirmed");
    await expect(page.getByTestId("pending-reference")).toHaveText(ref);
    const pendingUrl = page.url();

    // Later the payer approves at the bank (a UPI request approved on the phone).
    await page.goto(checkoutUrl);
    await page.getByRole("button", { name: "Approve at the bank" }).click();
    await expect(page.getByText(/The bank approved/)).toBeVisible();

    // Still being confirmed until someone asks the bank.
    await page.goto(pendingUrl);
    await expect(page.locator("h1")).toHaveText("Payment being confirmed");

    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await admin.goto(`${server.origin}/admin/payments/${ref}`);
    await signIn(admin, E2E_ADMIN);
    await expect(admin.getByRole("heading", { name: ref })).toBeVisible();
    await admin.getByRole("button", { name: "Check with the bank" }).click();
    // The reconciliation loop asks about an order never checked at its next minute's tick, so it
    // may have settled the order just before the button did: either way, one pending → paid.
    await expect(admin.getByText(/^The gateway was asked(: pending → paid|; the payment is still paid)\.$/)).toBeVisible();
    await expect(admin.getByTestId("order-event").filter({ hasText: "pending → paid" })).toHaveCount(1);
    await admin.goto(`${server.origin}/admin/payments?q=${ref}`);
    await expect(admin.getByTestId("order-row")).toHaveCount(1);
    const csv = await admin.request.get(`${server.origin}/admin/payments/export?purpose=sample`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toMatch(new RegExp(`${ref},Test gateway,,mockpay_\\w+,,1234\\.56,1234\\.56,paid,`));
    await admin.close();

    await page.goto(pendingUrl);
    await expect(page).toHaveURL(/\/payment-success\?order=/);
    await expect(page.locator("h1")).toHaveText("Payment Successful!");
    await expect(page.getByTestId("order-total")).toHaveText("₹1,234.56");
  });
});

test.describe("ICICI Eazypay through its test double", () => {
  // One server (and fake) on fixed ports for the group: its tests run in one worker, in order.
  test.describe.configure({ mode: "default" });
  test.skip(({ viewport }) => isMobile(viewport?.width), "one browser run per protocol");
  const PORT = extraPort(7);
  const FAKE_PORT = extraPort(8);
  const ICICI = { merchantId: "136082", aesKey: "K8v2Qz7Lm4Tp9Xw1" };
  let server: SpawnedServer;
  let fake: EazypayFake;
  test.beforeAll(async () => {
    if (isMobile(test.info().project.use.viewport?.width)) return;
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    fake = await startEazypayFake({ port: FAKE_PORT, ...ICICI, returnUrl: `http://localhost:${PORT}/student-payment` });
    server = await startDevServer(PORT, {
      PAYMENT_PROVIDER: "icici_eazypay",
      ICICI_MERCHANT_ID: ICICI.merchantId,
      ICICI_AES_KEY: ICICI.aesKey,
      ICICI_SUB_MERCHANT_IDS: "tuition=45,bus=46,application_fee=47,sample=45",
      ICICI_ENVIRONMENT: "uat",
      ICICI_GATEWAY_URL: fake.origin,
    });
  });
  test.afterAll(async () => {
    server?.stop();
    await fake?.close();
  });
  test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

  test("hand-off → Eazypay's page → signed POST to /student-payment → EazyPGVerify → Payment Successful!", async ({ page }) => {
    const errors = consoleErrors(page, server.origin);
    await startSample(page, server.origin, "e2e-eazypay-paid");
    const ref = await reference(page);
    await expect(page.getByText("continue to ICICI Bank Eazypay")).toBeVisible();
    await page.getByRole("link", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { name: "ICICI Eazypay test double" })).toBeVisible();
    await expect(page.getByTestId("reference")).toHaveText(ref);
    await expect(page.getByTestId("amount")).toHaveText("5200.00");
    expect(fake.requests.find((r) => r.reference === ref)?.referer).toBe(`${server.origin}/`);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${server.origin}/payment-success\\?order=`));
    await expect(page.locator("h1")).toHaveText("Payment Successful!");
    await expect(page.getByTestId("order-reference")).toHaveText(ref);
    await expect(page.getByText(fake.bank.get(ref)!.urn)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a challan code shows 'being confirmed'; EazyPGVerify's later Success makes it paid", async ({ page }) => {
    await startSample(page, server.origin, "e2e-eazypay-challan");
    const ref = await reference(page);
    await page.getByRole("link", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: "Pay by NEFT challan (pending)" }).click();
    await expect(page).toHaveURL(/\/payment-pending\?order=/);
    await expect(page.getByTestId("pending-reference")).toHaveText(ref);
    fake.settle(ref, { status: "Success", amount: "5200.00" });
    const pendingUrl = page.url();
    await page.goto(`${server.origin}/admin/payments/${ref}`);
    await signIn(page, E2E_ADMIN);
    await page.getByRole("button", { name: "Check with the bank" }).click();
    await expect(page.getByText("The gateway was asked: pending → paid.")).toBeVisible();
    await page.goto(pendingUrl);
    await expect(page.locator("h1")).toHaveText("Payment Successful!");
  });

  test("a reload and a second Pay each give the bank a new reference it accepts; the bank paying the older attempt settles the order once", async ({ page }) => {
    const errors = consoleErrors(page, server.origin);
    const payUrl = await startSample(page, server.origin, "e2e-eazypay-attempts");
    const ref = await reference(page);
    const link = () => page.getByRole("link", { name: "Continue to payment" }).getAttribute("href");
    const older = (await link())!;
    await page.reload();
    const reloaded = (await link())!;
    expect(reloaded).not.toBe(older);
    // A second Pay for the same thing resumes the same order, with yet another reference.
    await page.goto(`${server.origin}/sample-payment`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Two months of tuition").check();
    await page.getByLabel("What it pays for").fill("e2e-eazypay-attempts");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(payUrl);
    expect(await reference(page)).toBe(ref);
    await page.getByRole("link", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { name: "ICICI Eazypay test double" })).toBeVisible();
    const newest = (await page.getByTestId("reference").textContent())!;
    expect(newest).not.toBe(ref);

    // The parent pays in an older tab: the bank accepts that attempt's reference too.
    await page.goto(older, { referer: `${server.origin}/` });
    await expect(page.getByTestId("reference")).toHaveText(ref);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${server.origin}/payment-success\\?order=`));
    await expect(page.getByTestId("order-reference")).toHaveText(ref);
    await expect(page.getByRole("link", { name: "Download receipt" })).toHaveCount(1);
    const sent = fake.requests.filter((r) => r.reference === ref || r.reference === newest).map((r) => r.reference);
    expect(sent.sort()).toEqual([ref, newest].sort());
    expect(errors).toEqual([]);
  });

  test("a payment the bank reports for another amount holds the order: the parent is told to contact the office and can pay again", async ({ page, browser }) => {
    test.slow(); // two payments and an administrator's sign-in: past 30 s on a loaded CI machine
    const payUrl = await startSample(page, server.origin, "e2e-eazypay-held");
    const ref = await reference(page);
    await page.getByRole("link", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: "Pay, but lose the return" }).click();
    await expect(page.getByText("The return to the merchant was lost.")).toBeVisible();
    fake.settle(ref, { status: "Success", amount: "52.00" });

    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await admin.goto(`${server.origin}/admin/payments/${ref}`);
    await signIn(admin, E2E_ADMIN);
    await admin.getByRole("button", { name: "Check with the bank" }).click();
    // The bank has said nothing about this order, so the reconciliation loop leaves it alone for
    // its first 5 minutes (FIRST_CHECK_AFTER_MS): the button is what holds it.
    await expect(admin.getByText("The gateway was asked: created → held.")).toBeVisible();
    await expect(admin.getByTestId("order-event").filter({ hasText: "→ held" })).toHaveCount(1);
    await expect(admin.getByText("needs a look: amount mismatch")).toBeVisible();
    await expect(admin.getByTestId("order-attempt")).toHaveCount(1);
    await admin.close();

    await page.goto(payUrl);
    await expect(page).toHaveURL(/\/payment-on-hold\?order=/);
    await expect(page.locator("h1")).toHaveText("Please contact the school office");
    await expect(page.getByTestId("held-amounts")).toHaveText("The bank reported ₹52; the amount due is ₹5,200.");
    await expect(page.getByTestId("held-reference")).toHaveText(ref);
    await expect(page.getByRole("main").getByRole("link", { name: "+91 90000 00002" })).toHaveAttribute("href", "tel:+919000000002");
    await page.getByRole("link", { name: "Pay again" }).click();
    await expect(page).toHaveURL(/\/fee-payment|\/fees/);
    // The held order does not block a new payment of the same thing.
    await startSample(page, server.origin, "e2e-eazypay-held");
    expect(await reference(page)).not.toBe(ref);
  });
});

test.describe("Razorpay through its test double", () => {
  // One server (and fake) on fixed ports for the group: its tests run in one worker, in order.
  test.describe.configure({ mode: "default" });
  test.skip(({ viewport }) => isMobile(viewport?.width), "one browser run per protocol");
  const PORT = extraPort(9);
  const FAKE_PORT = extraPort(10);
  const KEYS = { keyId: "rzp_test_e2e12345", keySecret: "e2e-key-secret-0123456789", webhookSecret: "e2e-webhook-secret-0123" };
  let server: SpawnedServer;
  let fake: RazorpayFake;
  test.beforeAll(async () => {
    if (isMobile(test.info().project.use.viewport?.width)) return;
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    fake = await startRazorpayFake({ port: FAKE_PORT, ...KEYS, webhookUrl: `http://localhost:${PORT}/api/payments/razorpay/webhook` });
    server = await startDevServer(PORT, {
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: KEYS.keyId,
      RAZORPAY_KEY_SECRET: KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      RAZORPAY_API_URL: fake.origin,
    });
  });
  test.afterAll(async () => {
    server?.stop();
    await fake?.close();
  });
  test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

  test("hand-off form POST → Hosted Checkout → signed callback and webhooks → Payment Successful!", async ({ page }) => {
    const errors = consoleErrors(page, server.origin);
    await startSample(page, server.origin, "e2e-razorpay-paid");
    const ref = await reference(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { name: /Kharagpur Vidya Academy/ })).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${server.origin}/payment-success\\?order=`));
    await expect(page.getByTestId("order-reference")).toHaveText(ref);
    const order = [...fake.orders.values()].find((o) => o.receipt === ref)!;
    expect(order.status).toBe("paid");
    expect(fake.deliveries.filter((d) => d.event === "payment.captured" || d.event === "order.paid").map((d) => d.status)).toEqual([200, 200]);
    expect(errors).toEqual([]);
  });

  test("a failure, then a late capture told by webhook only: the failure page, then paid", async ({ page }) => {
    await startSample(page, server.origin, "e2e-razorpay-late");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: "Fail, then a late capture" }).click();
    await expect(page).toHaveURL(/\/payment-failure\?order=/);
    await expect(page.locator("h1")).toHaveText("Payment Failed!");
    const failureUrl = page.url();
    await expect(async () => {
      await page.goto(failureUrl);
      await expect(page.locator("h1")).toHaveText("Payment Successful!", { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  });
});
