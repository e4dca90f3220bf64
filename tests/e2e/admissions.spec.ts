/**
 * Online admission in a real browser, on a development server of its
 * own with the test gateway (production refuses it): a parent applies for Class 1 with a child
 * too young for it (told at once beside the date of birth and offered UKG), corrects it, uploads
 * the photograph and the birth certificate, pays the application fee (Fail first, then Retry
 * from the link, then Pay), sees the acknowledgement, downloads its PDF and checks the status;
 * the administrator reviews and admits the applicant. Without JavaScript the form still submits
 * and keeps every value on error. A photograph of 10,000 × 10,000 pixels is refused beside its
 * field, the rest kept. Documents are the administrator's only.
 */
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "./env";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";
import { fillApplication, PNG } from "./flows";
import { ownDevelopmentServer } from "./spawn-server";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

test.describe("online admission", () => {
  // One server for the group: its tests run in one worker, in order.
  test.describe.configure({ mode: "default" });
  // Parents apply on phones: the flows run once, at 390 px (screenshots cover 1280).
  const server = ownDevelopmentServer(15, "phone", "runs once, at 390 px");
  test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

  function pageErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // A refused form (400) or an unknown application number (404) is the answer's status, not an error of the page.
    page.on("console", (m) => m.type() === "error" && m.location().url.startsWith(server.origin) && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
    return errors;
  }


  test("a parent applies, fails then retries the fee, gets the acknowledgement and its PDF, and checks the status; the administrator admits", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const errors = pageErrors(page);
    await page.goto(`${server.origin}/apply`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("heading", { name: "Apply Now", level: 1 })).toBeVisible();
    await fillApplication(page, "Ananya Roy");

    // Too young for Class 1: told at once, offered the class that fits.
    await page.getByLabel("Class applying for").selectOption("Class 1");
    await page.getByLabel("Date of birth").fill("2021-06-15");
    const eligibility = page.getByTestId("eligibility");
    await expect(eligibility).toContainText("Not eligible for Class 1: 5 years old on 31 March 2027; Class 1 needs 6+. UKG fits this age");
    await page.getByRole("button", { name: "Apply for UKG instead" }).click();
    await expect(page.getByLabel("Class applying for")).toHaveValue("UKG");
    await expect(eligibility).toContainText("Eligible for UKG: 5 years old on 31 March 2027");

    // The draft survives a reload (files cannot be kept: they are chosen after).
    await page.waitForTimeout(500);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByLabel("Child's full name")).toHaveValue("Ananya Roy");
    await expect(page.getByLabel("Class applying for")).toHaveValue("UKG");
    await expect(page.getByLabel("PIN code")).toHaveValue("721301");

    // A renamed program as the birth certificate is refused by the server, values kept.
    await page.getByLabel("Child's photograph").setInputFiles({ name: "ananya.png", mimeType: "image/png", buffer: PNG });
    await page.getByLabel("Birth certificate", { exact: true }).setInputFiles({ name: "birth-certificate.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ\x90\x00\x03\x00\x00\x00this program cannot be run in DOS mode") });
    await page.getByLabel(/I am the child's parent or lawful guardian/).check();
    await page.getByRole("button", { name: "Send application and pay" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("Birth certificate: The birth certificate is not a JPEG, PNG or PDF file (its content was checked)");
    await expect(page.getByLabel("Child's full name")).toHaveValue("Ananya Roy");
    await expect(page.getByLabel("Class applying for")).toHaveValue("UKG");

    await page.getByLabel("Child's photograph").setInputFiles({ name: "ananya.png", mimeType: "image/png", buffer: PNG });
    await page.getByLabel("Birth certificate", { exact: true }).setInputFiles({ name: "birth-certificate.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByLabel(/I am the child's parent or lawful guardian/).check();
    await page.getByRole("button", { name: "Send application and pay" }).click();

    // The fee: fail first.
    await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
    await expect(page.getByTestId("order-total")).toHaveText("₹500");
    await page.getByRole("link", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: "Fail" }).click();
    await expect(page.locator("h1")).toHaveText("Payment Failed!");
    const retry = page.getByRole("link", { name: "Try Again" });
    await expect(retry).toHaveAttribute("href", /^\/admissions\/retry-payment\/[\w-]{22}$/);
    const applicationId = (await retry.getAttribute("href"))!.split("/").pop()!;
    await retry.click();

    // Retry from the link: masked name, class, amount; then pay through a new order.
    await expect(page.getByRole("heading", { name: "Pay the application fee" })).toBeVisible();
    await expect(page.getByTestId("masked-name")).toHaveText("A***** R**");
    await expect(page.getByText("UKG (2027-28)")).toBeVisible();
    await expect(page.getByTestId("fee")).toHaveText("₹500");
    const number = (await page.getByTestId("application-number").textContent())!.trim();
    expect(number).toMatch(/^KVA\/ADM\/2027-28\/\d{4}$/);
    await page.getByRole("button", { name: "Pay ₹500" }).click();
    await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
    await page.getByRole("link", { name: "Continue to payment" }).click();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.locator("h1")).toHaveText("Application received!");

    // The acknowledgement: number, next step, receipt and PDF.
    await page.getByRole("link", { name: "View acknowledgement" }).click();
    await expect(page.getByRole("heading", { name: "Application received" })).toBeVisible();
    await expect(page.getByTestId("application-number")).toHaveText(number);
    await expect(page.getByTestId("application-status")).toHaveText("Submitted");
    await expect(page.getByTestId("next-step")).toContainText("The admissions office will call you");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download acknowledgement (PDF)" }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe(`application-${number.replaceAll("/", "-")}.pdf`);
    const bytes = await (await page.request.get(`${server.origin}/admissions/acknowledgement/${applicationId}/pdf`)).body();
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(5_000);

    // The retry link now says it is paid, with the receipt.
    await page.goto(`${server.origin}/admissions/retry-payment/${applicationId}`);
    await expect(page.getByRole("heading", { name: "Application fee paid" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download receipt" })).toHaveAttribute("href", /^\/receipts\/order\/[\w-]{22}$/);

    // The status page: one generic error for a wrong mobile, then the status.
    await page.goto(`${server.origin}/admissions/status`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Application number").fill(number.toLowerCase());
    await page.getByLabel("Mobile number").fill("9000000000");
    await page.getByRole("button", { name: "Check status" }).click();
    await expect(page.getByRole("alert")).toHaveText("We could not find an application with these details. Check the application number and the mobile number, and try again.");
    await page.getByLabel("Mobile number").fill("9876543210");
    await page.getByRole("button", { name: "Check status" }).click();
    await expect(page.getByTestId("application-status")).toHaveText("Submitted");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);

    // Documents are the administrator's only.
    const anonymous = await browser.newContext();
    const refused = await anonymous.request.get(`${server.origin}/admin/applications/${applicationId}/documents/photo`, { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers().location).toContain("/admin/login");
    await anonymous.close();

    // The administrator reviews and admits.
    const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await admin.goto(`${server.origin}/admin/login`);
    await signIn(admin, E2E_ADMIN);
    await admin.goto(`${server.origin}/admin/applications?class=UKG&q=${encodeURIComponent("Ananya")}`);
    await admin.getByRole("link", { name: new RegExp(number) }).click();
    await expect(admin.getByTestId("admin-application-number")).toHaveText(number);
    await expect(admin.getByText("Rupa Roy")).toBeVisible();
    const photo = await admin.request.get(`${server.origin}/admin/applications/${applicationId}/documents/photo`);
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/jpeg");
    const certificate = await admin.request.get(`${server.origin}/admin/applications/${applicationId}/documents/birth_certificate`);
    expect(certificate.headers()["content-type"]).toBe("application/pdf");
    await admin.getByLabel("Internal note (optional; the office's own, never sent)").fill("Interaction on Monday at 10");
    await admin.getByRole("button", { name: "Start review" }).click();
    await expect(admin.getByText("Under review").first()).toBeVisible();
    await admin.getByLabel("Internal note (optional; the office's own, never sent)").fill("Seat offered in UKG");
    await admin.getByRole("button", { name: "Admit" }).click();
    await admin.getByTestId("confirm-decision").getByRole("button", { name: "Confirm" }).click();
    await expect(admin.getByTestId("history")).toContainText("Seat offered in UKG");
    await expect(admin.getByTestId("history")).toContainText(E2E_ADMIN.email);
    await expect(admin.getByRole("button", { name: "Reject" })).toHaveCount(0);
    const csv = await admin.request.get(`${server.origin}/admin/applications/export?status=admitted`);
    expect(await csv.text()).toContain(number);
    await admin.goto(`${server.origin}/admin`);
    await expect(admin.getByTestId("application-counts")).toContainText("UKG");
  });

  test("without JavaScript the form still submits and keeps every value on error", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/apply`);
    await fillApplication(page, "Rohan Das");
    await page.getByLabel("Class applying for").selectOption("Class 1");
    await page.getByLabel("Date of birth").fill("2021-06-15");
    await page.getByLabel("Child's photograph").setInputFiles({ name: "rohan.png", mimeType: "image/png", buffer: PNG });
    await page.getByLabel(/The birth certificate is to be submitted later/).check();
    await page.getByLabel(/I am the child's parent or lawful guardian/).check();
    await page.getByRole("button", { name: "Send application and pay" }).click();
    // The server refuses the age with the class that fits; everything typed is still there.
    await expect(page.getByTestId("error-summary")).toContainText("Not eligible for Class 1: 5 years old on 31 March 2027; Class 1 needs 6+. UKG fits this age");
    await expect(page.getByLabel("Child's full name")).toHaveValue("Rohan Das");
    await expect(page.getByLabel("Mobile number for updates")).toHaveValue("98765 43210");
    await expect(page.getByLabel("Address")).toHaveValue("12 Station Road, Malancha");
    await expect(page.getByLabel("Date of birth")).toHaveValue("2021-06-15");
    await expect(page.getByLabel(/The birth certificate is to be submitted later/)).toBeChecked();
    // Corrected, it goes through to the payment.
    await page.getByLabel("Class applying for").selectOption("UKG");
    await page.getByLabel("Child's photograph").setInputFiles({ name: "rohan.png", mimeType: "image/png", buffer: PNG });
    await page.getByLabel(/I am the child's parent or lawful guardian/).check();
    await page.getByRole("button", { name: "Send application and pay" }).click();
    await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
    await context.close();
  });

  test("a photograph of 10,000 × 10,000 pixels is refused beside its field; what was typed and the birth certificate stay", async ({ page }) => {
    const errors = pageErrors(page);
    // 100 megapixels in a few hundred KB: small to send, enormous to decode.
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 4, background: { r: 240, g: 240, b: 240, alpha: 1 } } }).png().toBuffer();
    await page.goto(`${server.origin}/apply`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await fillApplication(page, "Mira Sen");
    await page.getByLabel("Class applying for").selectOption("UKG");
    await page.getByLabel("Date of birth").fill("2021-06-15");
    await page.getByLabel("Child's photograph").setInputFiles({ name: "mira.png", mimeType: "image/png", buffer: huge });
    await page.getByLabel("Birth certificate", { exact: true }).setInputFiles({ name: "birth-certificate.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByLabel(/I am the child's parent or lawful guardian/).check();
    await page.getByRole("button", { name: "Send application and pay" }).click();
    const message = "The child's photograph is too large a picture (more than 40 megapixels, or wider or taller than 8,000 pixels): attach a smaller copy, such as a phone photo or a scan at 300 dpi";
    await expect(page.getByTestId("error-summary")).toContainText(`Child's photograph: ${message}`);
    await expect(page.getByLabel("Child's photograph")).toHaveAccessibleDescription(new RegExp(message.replace(/[()]/g, "\\$&")));
    await expect(page.getByText("The files you chose are still attached: replace any marked below.")).toBeVisible();
    await expect(page.getByLabel("Child's full name")).toHaveValue("Mira Sen");
    await expect(page.getByLabel("PIN code")).toHaveValue("721301");
    await expect(page.getByLabel("Class applying for")).toHaveValue("UKG");
    expect(await page.getByLabel("Birth certificate", { exact: true }).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("birth-certificate.pdf");
    // Only the photograph is chosen again; the birth certificate goes with it.
    await page.getByLabel("Child's photograph").setInputFiles({ name: "mira.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Send application and pay" }).click();
    await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
    expect(errors).toEqual([]);
  });

  test("a phone photo over 2 MB is made smaller as it is chosen and goes through; a PDF over 2 MB is refused beside its field before Send", async ({ page }) => {
    const errors = pageErrors(page);
    // A 12-megapixel photo of a busy scene: about 3-4 MB as a phone saves it.
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg({ quality: 92 }).toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    await page.goto(`${server.origin}/apply`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await fillApplication(page, "Tara Basu");
    await page.getByLabel("Class applying for").selectOption("UKG");
    await page.getByLabel("Date of birth").fill("2021-06-15");
    await page.getByLabel("Child's photograph").setInputFiles({ name: "IMG_2041.jpeg", mimeType: "image/jpeg", buffer: photo });
    const chosen = () => page.getByLabel("Child's photograph").evaluate((input: HTMLInputElement) => ({ name: input.files?.[0]?.name, size: input.files?.[0]?.size ?? 0, type: input.files?.[0]?.type }));
    await expect.poll(async () => (await chosen()).name).toBe("IMG_2041.jpg");
    const fitted = await chosen();
    expect(fitted.size).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(fitted.type).toBe("image/jpeg");

    const bigPdf = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024 + 10, 0x20)]);
    await page.getByLabel("Birth certificate", { exact: true }).setInputFiles({ name: "birth-certificate.pdf", mimeType: "application/pdf", buffer: bigPdf });
    await expect(page.getByLabel("Birth certificate", { exact: true })).toHaveAccessibleDescription(/The birth certificate is larger than 2 MB: attach a smaller file/);
    await page.getByLabel(/The birth certificate is to be submitted later/).check();
    await page.getByLabel("Birth certificate", { exact: true }).setInputFiles([]);
    await page.getByLabel(/I am the child's parent or lawful guardian/).check();
    await page.getByRole("button", { name: "Send application and pay" }).click();
    await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
    expect(errors).toEqual([]);
  });

  test("an unknown application link is a 404 page", async ({ page }) => {
    const response = await page.goto(`${server.origin}/admissions/retry-payment/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We could not find this application" })).toBeVisible();
  });
});
