/**
 * Receipts in a real browser: pay through the test gateway, download the receipt from
 * the success page and from /receipt-download, read every field from the PDF's text, decode the
 * QR code from the rendered page and open it ('Valid receipt'); a tampered code is a 404 with the
 * message; the administrator re-downloads it from the payments list and the order's page.
 * Sample payments need the development configuration, so this runs on a server of its own.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import { pdfQrCode, pdfText } from "../support/pdf";
import { E2E_ADMIN } from "./env";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";
import { ownDevelopmentServer } from "./spawn-server";

// One server for both tests: they run in one worker, one after the other.
test.describe.configure({ mode: "serial" });

const server = ownDevelopmentServer(12, "desktop", "server behaviour: once is enough (the pages are looked at in both widths by hand)");
test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

async function pdfOf(download: Download): Promise<Buffer> {
  return readFile((await download.path())!);
}

const flat = (text: string) => text.replace(/\s+/g, " ");

/** Pays two months of tuition for `key` through the test gateway and returns on the success page. */
async function paySample(page: Page, key: string) {
  await page.goto(`${server.origin}/sample-payment`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Two months of tuition").check();
  await page.getByLabel("What it pays for").fill(key);
  await page.getByLabel("Payer's name (optional)").fill("Riya Kumari");
  await page.getByRole("button", { name: "Pay" }).click();
  await page.getByRole("link", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=[\w-]{22}$/);
}

test("a paid order's receipt: every field in the PDF, its QR code opens 'Valid receipt', and /receipt-download finds it", async ({ page }) => {
  test.setTimeout(90_000);
  await paySample(page, "e2e-receipt");
  const [fromSuccess] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download receipt" }).click()]);
  const pdf = await pdfOf(fromSuccess);
  const text = flat(await pdfText(pdf));
  const number = /Receipt No\. (KVA\/TEST\/\d{4}-\d{2}\/\d{6})/.exec(text)![1]!;
  expect(fromSuccess.suggestedFilename()).toBe(`receipt-${number.replaceAll("/", "-")}.pdf`);
  for (const field of [
    "Kharagpur Vidya Academy",
    "Sadatpur, Kharagpur, 721301 West Bengal",
    "CBSE Affiliation No. 2430000",
    "School Code 10000",
    `Receipt No. ${number}`,
    "Date and time (IST)",
    "Riya Kumari",
    "Class 5 – A",
    "Admission No. SAMPLE/E2E-RECEIPT",
    "Rakesh Kumar",
    "Tuition Fee Two months of tuition ₹5,200.00",
    "Total paid ₹5,200.00",
    "Rupees Five Thousand Two Hundred Only",
    "Online, Test gateway",
    "Gateway reference",
    "Computer-generated receipt; no signature required",
  ]) {
    expect(text).toContain(field);
  }
  expect(text).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M/);
  const printedUrl = /(http:\/\/localhost:\d+\/verify-receipt\/[\w-]{24})/.exec(text)?.[1];
  expect(printedUrl).toBeTruthy();

  // The QR code, decoded from the rendered page, is the printed URL, and it verifies.
  const scanned = await pdfQrCode(pdf);
  expect(scanned).toBe(printedUrl);
  const verified = await page.goto(scanned!);
  expect(verified?.status()).toBe(200);
  await expect(page.locator("h1")).toHaveText("Valid receipt");
  const facts = page.getByTestId("receipt-facts");
  await expect(facts).toContainText(number);
  await expect(facts).toContainText("₹5,200.00");
  await expect(facts).toContainText("Sample payment");
  await expect(facts).toContainText("R*** K*****");
  await expect(facts).toContainText("Paid");
  await expect(facts).not.toContainText("Riya");
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute("content", /noindex/);

  // A tampered code: 404 with the message.
  const hash = scanned!.split("/").pop()!;
  const tampered = `${hash.slice(0, -1)}${hash.endsWith("A") ? "B" : "A"}`;
  const notFound = await page.goto(`${server.origin}/verify-receipt/${tampered}`);
  expect(notFound?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("We could not find a receipt for this code");
  expect((await page.goto(`${server.origin}/verify-receipt/%27%3B--`))?.status()).toBe(404);

  // /receipt-download: a wrong admission number gets the one message and keeps what was typed.
  await page.goto(`${server.origin}/receipt-download`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Only the chosen kind's fields show.
  await expect(page.getByLabel("Application number", { exact: true })).toBeHidden();
  await page.getByLabel("An application fee").check();
  await expect(page.getByLabel("Admission number", { exact: true })).toBeHidden();
  await expect(page.getByLabel("Registered mobile")).toBeVisible();
  await page.getByLabel("A student of the school").check();
  await page.getByLabel("Receipt number").fill(number.toLowerCase());
  await page.getByLabel("Admission number", { exact: true }).fill("SAMPLE/SOMEONE-ELSE");
  await page.getByRole("button", { name: "Find receipt" }).click();
  await expect(page.getByRole("alert")).toHaveText(/We could not find a receipt with these details/);
  await expect(page.getByLabel("Receipt number")).toHaveValue(number.toLowerCase());
  await page.getByLabel("Admission number", { exact: true }).fill("sample/e2e-receipt");
  await page.getByRole("button", { name: "Find receipt" }).click();
  const download = page.getByRole("link", { name: "Download receipt (PDF)" });
  await expect(download).toBeVisible();
  const [fromForm] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const again = flat(await pdfText(await pdfOf(fromForm)));
  expect(again).toContain(`Receipt No. ${number}`);
  expect(again).toContain(printedUrl!);
});

test("the administrator re-downloads a receipt from the payments list and the order's page, and cancels it with a reason: it keeps its number and says CANCELLED", async ({ page }) => {
  test.setTimeout(90_000);
  await paySample(page, "e2e-receipt-admin");
  const [paid] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download receipt" }).click()]);
  const number = /Receipt No\. (\S+)/.exec(flat(await pdfText(await pdfOf(paid))))![1]!;
  const reference = (await page.getByTestId("order-reference").first().textContent())!.trim();
  await page.goto(`${server.origin}/admin/payments`);
  await signIn(page, E2E_ADMIN);
  await page.goto(`${server.origin}/admin/payments?q=${reference}`);
  const fromList = page.getByRole("link", { name: `Receipt ${number}` });
  const [listed] = await Promise.all([page.waitForEvent("download"), fromList.click()]);
  expect(flat(await pdfText(await pdfOf(listed)))).toContain(`Receipt No. ${number}`);
  await page.goto(`${server.origin}/admin/payments/${reference}`);
  const [fromOrder] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download receipt" }).click()]);
  const before = await pdfOf(fromOrder);
  expect(flat(await pdfText(before))).toContain(`Receipt No. ${number}`);
  expect(flat(await pdfText(before))).not.toContain("CANCELLED");

  await page.goto(`${server.origin}/admin/payments?q=${reference}`);
  await page.getByRole("link", { name: "Cancel receipt…" }).click();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Reason").fill("Wrong counter entry");
  await page.getByRole("button", { name: "Cancel receipt" }).click();
  await expect(page.getByRole("status")).toHaveText(`Receipt ${number} is cancelled.`);
  await expect(page.getByText(/Cancelled .* by admin@e2e\.example: Wrong counter entry/)).toBeVisible();
  const [cancelled] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  const cancelledPdf = await pdfOf(cancelled);
  const cancelledText = flat(await pdfText(cancelledPdf));
  expect(cancelledText).toContain(`Receipt No. ${number}`);
  expect(cancelledText).toContain("Reason: Wrong counter entry");
  await page.goto((await pdfQrCode(cancelledPdf))!);
  await expect(page.locator("h1")).toHaveText("Valid receipt");
  await expect(page.getByRole("alert")).toHaveText("CANCELLED");
  await expect(page.getByTestId("receipt-facts")).toContainText(number);
  await expect(page.getByTestId("receipt-facts")).toContainText(/Cancelled on/);
  // Without an administrator's session the admin download is refused.
  await page.context().clearCookies();
  const anonymous = await page.request.get(`${server.origin}/admin/receipts/1`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
});
