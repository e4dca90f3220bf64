/**
 * Messages as the office meets them: an enquiry with an e-mail gives two messages, held (the e2e
 * server has no SMTP server) with the reason; a message's page shows its text and its HTML in a
 * sandboxed, script-free frame, and sends it again; the templates page switches a kind off and
 * on and saves a DLT template id; a fee reminder's stop link (button, and RFC 8058 one-click
 * from another site) stops reminders. axe finds nothing on any of these pages.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signToken } from "../../app/lib/signed-token.server";
import { E2E_ADMIN, E2E_ENV } from "./env";
import { signIn } from "./fixtures";

/**
 * axe on the page. An e-mail's sandboxed frame runs no scripts, so axe cannot run inside it (and
 * waits for it): the frame is pointed at an empty document first, keeping its title and place;
 * the e-mail's own HTML is not the page's to check.
 */
async function expectNoAxeViolations(page: Page) {
  await page.evaluate(() => {
    for (const frame of document.querySelectorAll("iframe[sandbox]")) {
      frame.removeAttribute("sandbox");
      frame.setAttribute("src", "about:blank");
    }
  });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const stopToken = (publicId: string) => signToken(E2E_ENV.AUTH_SECRET ?? "", "kva-messages-stop", publicId, 86_400_000);

/** Submits the enquiry form on a public page as a parent would. */
async function sendEnquiry(page: Page, enquiry: { name: string; phone: string; email: string }) {
  await page.goto("/overview");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Enquire Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Enquire Now" });
  await dialog.getByLabel("Parent's name").fill(enquiry.name);
  await dialog.getByLabel("Mobile number").fill(enquiry.phone);
  await dialog.getByLabel("Class seeking admission to").selectOption("Class 1");
  await dialog.getByLabel(/Email/).fill(enquiry.email);
  await dialog.getByRole("button", { name: "Send enquiry" }).click();
  await expect(dialog.getByText("Thank you for your enquiry!")).toBeVisible();
}

test.describe("messages in the admin", () => {
  test("an enquiry's two messages are held with the reason; one opens with its text and HTML, and goes again", async ({ page }) => {
    // Waits for the worker twice and runs axe on five pages.
    test.setTimeout(90_000);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const enquiry = { name: `Msg Parent ${stamp.slice(-5)}`, phone: `9${stamp.slice(-9)}`, email: `msg-${stamp}@example.com` };
    await sendEnquiry(page, enquiry);

    await signIn(page, E2E_ADMIN, `/admin/messages?q=${encodeURIComponent(enquiry.email)}`);
    await expect(page.getByRole("heading", { name: "Messages", exact: true })).toBeVisible();
    // The worker holds new messages within a few seconds.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("count-held")).toContainText("1", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expectNoAxeViolations(page);

    // The acknowledgement names the enquiry; both of that enquiry's messages are held, with the reason.
    const ack = page.getByRole("link", { name: "Enquiry acknowledgement (to the parent)" }).filter({ visible: true });
    const related = await page.getByRole("link", { name: /^enquiry:\d+$/ }).filter({ visible: true }).first().textContent();
    await page.goto(`/admin/messages?q=${encodeURIComponent(related!)}`);
    await expect(page.getByTestId("message-count")).toHaveText("2 messages");
    await expect(page.getByTestId("count-held")).toContainText("2");
    for (const kind of ["Enquiry acknowledgement (to the parent)", "New enquiry (to the office)"]) {
      await expect(page.getByRole("link", { name: kind }).filter({ visible: true })).toBeVisible();
    }
    await expect(page.getByText("No SMTP server is configured (SMTP_URL): kept, and sent once one is.").filter({ visible: true })).toHaveCount(2);

    // One message: subject, text part, the HTML part in a sandboxed frame with no scripts allowed.
    await page.goto(`/admin/messages?q=${encodeURIComponent(enquiry.email)}`);
    await ack.click();
    await expect(page).toHaveURL(/\/admin\/messages\/[A-Za-z0-9_-]{22}$/);
    const publicId = page.url().split("/").pop()!;
    await expect(page.getByTestId("message-subject")).toHaveText("We received your enquiry");
    await expect(page.getByTestId("message-text")).toContainText(`Thank you, ${enquiry.name}`);
    await expect(page.getByTestId("last-error")).toContainText("No SMTP server is configured");
    const frame = page.locator("iframe[title^=\"The e-mail's HTML part\"]");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(page.frameLocator("iframe[title^=\"The e-mail's HTML part\"]").getByRole("heading", { name: `Thank you, ${enquiry.name}` })).toBeVisible();
    const html = await page.request.get(`/admin/messages/${publicId}/html`);
    expect(html.status()).toBe(200);
    expect(html.headers()["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'self'");
    expect(html.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(html.headers()["cache-control"]).toBe("no-store");
    await expectNoAxeViolations(page);

    // Send again: queued, then held again by the worker (still no SMTP server).
    await page.getByRole("button", { name: "Send again" }).click();
    await expect(page.getByRole("status")).toContainText("Queued again");
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("last-error")).toContainText("No SMTP server", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // The stop link of this message (a parent's address): ask, then stop; a second visit says so.
    await page.goto(`/messages/stop/${stopToken(publicId)}`);
    const masked = `m${"*".repeat(6)}@e${"*".repeat(6)}.com`;
    await expect(page.getByRole("heading", { name: `Stop fee reminders to ${masked}?` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Stop fee reminders" }).click();
    await expect(page.getByTestId("stop-done")).toHaveText(`You will no longer receive fee reminders at ${masked}. Receipts and replies to your requests will still be sent.`);
    await expectNoAxeViolations(page);
    await page.goto(`/messages/stop/${stopToken(publicId)}`);
    await expect(page.getByRole("heading", { name: "Fee reminders stopped" })).toBeVisible();

    // A forged link: a clear message and 404, never an error page.
    const bad = await page.goto(`/messages/stop/${stopToken(publicId).slice(0, -2)}xx`);
    expect(bad?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    expect(bad?.headers()["cache-control"]).toBe("no-store");
    expect(bad?.headers()["x-robots-tag"]).toBe("noindex");
  });

  test("RFC 8058 one-click: a mail provider's post from another site stops reminders; other cross-site posts stay refused", async ({ page, request }) => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const enquiry = { name: `Click Parent ${stamp.slice(-5)}`, phone: `8${stamp.slice(-9)}`, email: `click-${stamp}@example.com` };
    await sendEnquiry(page, enquiry);
    await signIn(page, E2E_ADMIN, `/admin/messages?q=${encodeURIComponent(enquiry.email)}`);
    const href = await page.getByRole("link", { name: "Enquiry acknowledgement (to the parent)" }).filter({ visible: true }).getAttribute("href");
    const token = stopToken(href!.split("/").pop()!);

    const oneClick = await request.post(`/messages/stop/${token}`, { form: { "List-Unsubscribe": "One-Click" }, headers: { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" } });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain("You will no longer receive fee reminders at");
    const noOrigin = await request.post(`/messages/stop/${token}`, { form: { "List-Unsubscribe": "One-Click" } });
    expect(noOrigin.status()).toBe(200);
    const forged = await request.post(`/messages/stop/${token.slice(0, -2)}xx`, { form: { "List-Unsubscribe": "One-Click" }, headers: { Origin: "https://mail.example.net" } });
    expect(forged.status()).toBe(404);

    const elsewhere = await request.post("/enquire", { form: { name: "x" }, headers: { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" } });
    expect(elsewhere.status()).toBe(403);
  });

  test("templates: switch a kind off and on, save and refuse a DLT template id, refuse a bad schedule keeping what was typed", async ({ page }, info) => {
    // The page is long (every template's preview) and is checked by axe twice.
    test.setTimeout(90_000);
    // Each project uses its own kinds, so the two run side by side without meeting.
    const [kind, smsKind] = info.project.name === "mobile" ? ["daily_summary", "payment_confirmed"] : ["payment_flag", "application_received"];
    await signIn(page, E2E_ADMIN, "/admin/messages/templates");
    await expect(page.getByRole("heading", { name: "Message templates" })).toBeVisible();
    await expectNoAxeViolations(page);

    const card = page.getByTestId(`kind-${kind}`);
    await card.getByRole("button", { name: "Switch off" }).click();
    await expect(page.getByTestId("templates-notice")).toContainText("switched off");
    await page.reload();
    await expect(card.getByText("Off: kept as skipped")).toBeVisible();
    await card.getByRole("button", { name: "Switch on" }).click();
    await expect(page.getByTestId("templates-notice")).toContainText("switched on");
    await expect(card.getByText("On", { exact: true })).toBeVisible();

    const sms = page.getByTestId(`kind-${smsKind}`);
    await expect(sms.getByLabel("Text to register with DLT")).toHaveValue(/\{#var#\}/);
    const id = sms.getByLabel("DLT template id (as the SMS provider knows it)");
    await id.fill("12-x y");
    await sms.getByRole("button", { name: "Save template id" }).click();
    await expect(sms.getByText("A DLT template id is letters and digits only")).toBeVisible();
    await expect(id).toHaveValue("12-x y");
    await expect(id).toHaveAttribute("aria-invalid", "true");
    await id.fill("1207161234567890123");
    await sms.getByRole("button", { name: "Save template id" }).click();
    await expect(page.getByTestId("templates-notice")).toContainText("DLT template id saved");
    await page.reload();
    await expect(id).toHaveValue("1207161234567890123");
    await id.fill("");
    await sms.getByRole("button", { name: "Save template id" }).click();
    await expect(page.getByTestId("templates-notice")).toContainText("DLT template id removed");

    // A bad schedule is refused with the field's message and what was typed; nothing is saved.
    await page.getByLabel("Hour of the day (IST)").fill("23");
    await page.getByLabel("Days before the due day").fill("7, 40");
    await page.getByRole("button", { name: "Save schedule" }).click();
    await expect(page.getByText("Hour of the day: a whole number from 7 (7 AM) to 20 (8 PM), India time.")).toBeVisible();
    await expect(page.getByText("Days before the due day: whole numbers from 1 to 15")).toBeVisible();
    await expect(page.getByLabel("Hour of the day (IST)")).toHaveValue("23");
    await expect(page.getByLabel("Days before the due day")).toHaveValue("7, 40");
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByLabel("Hour of the day (IST)")).toHaveValue("9");
  });
});
