/**
 * After the application fee, and at the school's desk, in a real browser on a development server
 * with the test gateway: the success page of an application fee says the application is received
 * and offers its acknowledgement first (a fee payment keeps SPEC §2's words); the administrator's
 * Admit, Waitlist and Reject ask for a confirmation first, with JavaScript and without, and a
 * review note is recorded with its own step only.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./env";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";
import { answerOnTestGateway, applyFor, startSample } from "./flows";
import { ownDevelopmentServer } from "./spawn-server";

test.describe.configure({ mode: "default" });
// Parents pay on phones: the flows run once, at 390 px.
const server = ownDevelopmentServer(16, "phone", "runs once, at 390 px");
test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

/** The accessible names of the links and buttons of the page's main content, in order. */
async function actionsOf(page: Page): Promise<string[]> {
  return page.locator("main").getByRole("link").or(page.locator("main").getByRole("button")).evaluateAll((els) => els.map((el) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim()));
}

/** An application paid on the test gateway; returns its number and the admin page's URL. */
async function paidApplication(page: Page, child: string): Promise<{ number: string; admin: string }> {
  await applyFor(page, server.origin, child);
  await answerOnTestGateway(page, "Pay");
  const acknowledgement = (await page.getByRole("link", { name: "View acknowledgement" }).getAttribute("href"))!;
  await page.goto(`${server.origin}${acknowledgement}`);
  const number = (await page.getByTestId("application-number").textContent())!.trim();
  return { number, admin: `${server.origin}/admin/applications/${acknowledgement.split("/").pop()}` };
}

async function adminPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled })).newPage();
  await admin.goto(`${server.origin}/admin/login`);
  await signIn(admin, E2E_ADMIN, undefined, { javaScript: javaScriptEnabled });
  return admin;
}

test("an application fee's success page says the application is received and offers the acknowledgement first; a fee payment keeps the SPEC's words", async ({ page }) => {
  test.setTimeout(90_000);
  await applyFor(page, server.origin, "Meera Sen");
  await answerOnTestGateway(page, "Pay");
  await expect(page.locator("h1")).toHaveText("Application received!");
  await expect(page.getByText("Your application fee is paid and your application has reached the school.", { exact: false })).toBeVisible();
  await expect(page.getByText("Your fee payment has been processed successfully.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to Fee Payment" })).toHaveCount(0);
  const actions = await actionsOf(page);
  expect(actions[0]).toBe("View acknowledgement");
  expect(actions).toContain("Download receipt");
  await expect(page).toHaveTitle(/^Application received/);
  await page.getByRole("link", { name: "View acknowledgement" }).click();
  await expect(page).toHaveURL(/\/admissions\/acknowledgement\/[\w-]{22}$/);
  await expect(page.getByTestId("application-status")).toHaveText("Submitted");

  await startSample(page, server.origin, `office-fee-${Date.now().toString(36)}`);
  await answerOnTestGateway(page, "Pay");
  await expect(page.locator("h1")).toHaveText("Payment Successful!");
  await expect(page.getByText("Your fee payment has been processed successfully.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Fee Payment" })).toHaveAttribute("href", "/fee-payment");
});

test("Admit asks first and acts on Confirm; Cancel keeps the application as it was; the review note is recorded once", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { admin: url } = await paidApplication(page, "Riya Kumari");
  const admin = await adminPage(browser);
  await admin.goto(url);
  await admin.getByLabel("Internal note (optional; the office's own, never sent)").fill("Interaction on Monday at 10");
  await admin.getByRole("button", { name: "Start review" }).click();
  await expect(admin.getByRole("button", { name: "Admit" })).toBeVisible();
  // The note went with the review; the next step starts with an empty note.
  await expect(admin.getByLabel("Internal note (optional; the office's own, never sent)")).toHaveValue("");

  await admin.getByRole("button", { name: "Admit" }).click();
  const confirm = admin.getByTestId("confirm-decision");
  await expect(confirm.getByRole("heading")).toHaveText("Admit Riya Kumari to UKG for 2027-28? This adds her to the roll.");
  await expect(confirm.getByRole("heading")).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(admin.getByText("Under review").first()).toBeVisible();
  await expect(admin.getByTestId("history")).not.toContainText("Admitted");

  await admin.getByRole("button", { name: "Admit" }).click();
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByTestId("history")).toContainText("Added to the roll as");
  const history = (await admin.getByTestId("history").textContent())!;
  expect(history.split("Interaction on Monday at 10")).toHaveLength(2);
  await expect(admin.getByRole("button", { name: "Reject" })).toHaveCount(0);
  await admin.close();
});

test("without JavaScript, Waitlist and Reject ask first and act on Confirm", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { admin: url } = await paidApplication(page, "Rohini Das");
  const admin = await adminPage(browser, false);
  await admin.goto(url);
  await admin.getByRole("button", { name: "Start review" }).click();
  await admin.getByRole("button", { name: "Waitlist" }).click();
  const confirm = admin.getByTestId("confirm-decision");
  await expect(confirm.getByRole("heading")).toHaveText("Waitlist Rohini Das for UKG in 2027-28? You can still admit or reject her later.");
  await expect(admin.getByTestId("history")).not.toContainText("Waitlisted");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByTestId("history")).toContainText("Waitlisted");

  await admin.getByLabel("Internal note (optional; the office's own, never sent)").fill("No seat left in UKG");
  await admin.getByRole("button", { name: "Reject" }).click();
  await expect(confirm.getByRole("heading")).toHaveText("Reject Rohini Das's application for UKG in 2027-28? This decision is final.");
  await expect(confirm).toContainText("No seat left in UKG");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  // Cancel keeps the note that was typed.
  await expect(admin.getByLabel("Internal note (optional; the office's own, never sent)")).toHaveValue("No seat left in UKG");
  await admin.getByRole("button", { name: "Reject" }).click();
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByTestId("history")).toContainText("No seat left in UKG");
  await expect(admin.getByText("This application's decision is final.")).toBeVisible();
  await admin.close();
});
