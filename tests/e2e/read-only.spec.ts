/**
 * A Viewer reads the admin pages without the forms they may not use (issue 27): the owner collects
 * cash for a student (the fee page shows him the counter, Refund / cancel, the reminders' Stop
 * and Edit student) and a parent sends a paid application; the Viewer he invites then opens the
 * same fee page, its receipt, the application, a message, the message templates, the payments
 * list and the enquiries, and finds every reading (months, payments, PDFs, history, settings)
 * and no button that would change anything, with one sentence saying who may.
 */
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./env";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";
import { acceptInvitation, answerOnTestGateway, applyFor, inviteOnStaffPage } from "./flows";
import { ownDevelopmentServer } from "./spawn-server";

const STUDENT = { admissionNumber: "2021/0042", name: "Riya Kumari", mobile: "9000000021" };
const NOTE = (need: string) => `You can read this page; changes need ${need}.`;
const VIEWPORT = { width: 1280, height: 800 };

/** The buttons of the page's main content (the header's Sign out is not one). */
const mainButtons = (page: Page) => page.locator("main").getByRole("button");

test.describe("a Viewer's read-only pages", () => {
  // A development server of its own: the sample roll (Riya Kumari) exists only there.
  const server = ownDevelopmentServer(19, "desktop", "one server and one journey: once");

  test("a Viewer sees the fee page, a receipt, an application and the message templates without their forms; the owner still has them", async ({ browser }, info) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const viewer = { name: `Viewer ${stamp}`, email: `viewer-${stamp}@staff.example`, password: "a-viewer-password-1" };

    // The owner invites a Viewer.
    const ownerContext = await browser.newContext({ viewport: VIEWPORT });
    const owner = await ownerContext.newPage();
    await signIn(owner, E2E_ADMIN, `${server.origin}/admin/staff`);
    const link = await inviteOnStaffPage(owner, viewer, "Viewer");

    // The owner collects cash for Riya's oldest unpaid school-fee month: a payment and a receipt.
    await owner.goto(`${server.origin}/admin/fees?q=${encodeURIComponent(STUDENT.admissionNumber)}`);
    await owner.getByRole("link", { name: STUDENT.admissionNumber }).click();
    await expect(owner.getByRole("heading", { level: 1 })).toContainText(STUDENT.name);
    const studentPage = owner.url();
    const school = owner.locator("form", { has: owner.getByText("School fee", { exact: true }) });
    await school.locator("li", { hasText: /Overdue|Due/ }).first().getByRole("checkbox").check();
    await school.getByLabel("Mode").selectOption("cash");
    await school.getByRole("button", { name: "See the total" }).click();
    await owner.getByRole("button", { name: /^Confirm: record ₹[\d,]+ and issue receipt$/ }).click();
    const receiptLink = owner.getByRole("status").getByRole("link", { name: /^Download receipt / });
    const receiptPage = `${server.origin}${await receiptLink.getAttribute("href")}/cancel`;

    // On the same fee page the owner has every form.
    await owner.goto(studentPage);
    await expect(owner.getByRole("button", { name: "See the total" }).first()).toBeVisible();
    await expect(owner.getByRole("button", { name: "Refund / cancel" })).toHaveCount(1);
    await expect(owner.getByRole("button", { name: `Stop reminders to ${STUDENT.mobile}` })).toBeVisible();
    await expect(owner.getByRole("button", { name: "Save student" })).toBeVisible();
    await expect(owner.getByTestId("read-only-note")).toHaveCount(0);

    // A parent sends an application and pays its fee.
    const parent = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await skipEnquiryAutoOpen(parent);
    await applyFor(parent, server.origin, "Mira Das");
    await answerOnTestGateway(parent, "Pay");
    const acknowledgement = (await parent.getByRole("link", { name: "View acknowledgement" }).getAttribute("href"))!;
    const applicationPage = `${server.origin}/admin/applications/${acknowledgement.split("/").pop()}`;
    await parent.context().close();
    await owner.goto(applicationPage);
    await expect(owner.getByRole("button", { name: "Start review" })).toBeVisible();

    // The Viewer sets a password and signs in.
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await acceptInvitation(page, link, viewer);
    await signIn(page, viewer, `${server.origin}/admin/login`);

    // The fee page: the months, the payment with its receipt, the statement and the student's
    // details to read; no counter, no refund, no reminder switch, no edit form.
    await page.goto(studentPage);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(STUDENT.name);
    await expect(page.getByTestId("read-only-note")).toHaveText(NOTE("the Accounts role"));
    await expect(page.getByRole("heading", { name: /: months due and paid$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Statement of account (PDF)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Receipt PDF" })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Student details" })).toBeVisible();
    await expect(page.getByTestId("reminder-address")).toContainText(STUDENT.mobile);
    for (const name of ["See the total", /^Confirm/, "Refund / cancel", /reminders/, "Save student"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
    await expect(mainButtons(page)).toHaveCount(0);
    await expect(page.locator("main").getByRole("checkbox")).toHaveCount(0);
    await expect(page.locator("main").getByRole("textbox")).toHaveCount(0);
    // How it looks on a phone and a desktop, kept with the test's results.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const path = info.outputPath(`viewer-fee-page-${width}.png`);
      await page.screenshot({ path, fullPage: true });
      await info.attach(`the Viewer's fee page at ${width} px`, { path, contentType: "image/png" });
    }

    // The receipt: its facts and PDF, not Cancel receipt.
    await page.goto(receiptPage);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Receipt KVA/");
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel receipt" })).toHaveCount(0);
    await expect(mainButtons(page)).toHaveCount(0);
    await expect(page.getByTestId("read-only-note")).toHaveText(NOTE("the Accounts role"));

    // The application: every fact and its history, no status change.
    await page.goto(applicationPage);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mira Das");
    await expect(page.getByTestId("history")).toContainText("Submitted");
    for (const name of ["Start review", "Admit", "Waitlist", "Reject", "Confirm"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
    await expect(mainButtons(page)).toHaveCount(0);
    await expect(page.getByLabel("Internal note (optional; the office's own, never sent)")).toHaveCount(0);
    await expect(page.getByTestId("read-only-note")).toHaveText(NOTE("the Admissions role"));

    // A message: no Send again or Send a copy.
    await page.goto(`${server.origin}/admin/messages`);
    await page.getByTestId("message-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/admin\/messages\/[\w-]+$/);
    await expect(page.getByRole("button", { name: /^Send (again|a copy)$/ })).toHaveCount(0);
    await expect(mainButtons(page)).toHaveCount(0);

    // The message templates: the schedule and each kind's switch and template id to read.
    await page.goto(`${server.origin}/admin/messages/templates`);
    await expect(page.getByRole("heading", { name: "Fee reminder schedule" })).toBeVisible();
    await expect(page.getByTestId("schedule-values")).toContainText("Days before the due day");
    await expect(page.getByRole("button", { name: "Send fee reminders now" })).toHaveCount(0);
    for (const name of ["Save schedule", "Switch off", "Switch on", "Save template id"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
    await expect(mainButtons(page)).toHaveCount(0);
    await expect(page.getByTestId("read-only-note")).toHaveText(NOTE("the owner"));

    // The lists that lead to them: the application fee's receipt has its details, not Cancel…;
    // an enquiry cannot be marked as contacted.
    await page.goto(`${server.origin}/admin/payments`);
    await expect(page.getByRole("link", { name: "Receipt details" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^Cancel receipt/ })).toHaveCount(0);
    await page.goto(`${server.origin}/admin/enquiries`);
    await expect(page.getByTestId("enquiry-row").first()).toBeVisible();
    await expect(page.getByText("Mark as contacted")).toHaveCount(0);

    // The owner, on the same pages, still has them.
    await owner.goto(`${server.origin}/admin/messages`);
    await expect(owner.getByRole("button", { name: "Send fee reminders now" })).toBeVisible();
    await owner.goto(receiptPage);
    await expect(owner.getByRole("button", { name: "Cancel receipt" })).toBeVisible();
    await owner.goto(`${server.origin}/admin/payments`);
    await expect(owner.getByRole("link", { name: /^Cancel receipt/ }).first()).toBeVisible();

    await context.close();
    await ownerContext.close();
  });
});
