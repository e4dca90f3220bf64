/**
 * Issue 27's journey across staff accounts, two-factor sign-in, permissions and the audit log:
 * the owner invites an accountant (Accounts); she sets her password through the link, is made
 * to set up two-factor sign-in before anything else (Accounts handle money), collects cash at the
 * office counter, and meets Access Denied on applications and on the staff page; the owner's
 * audit log shows the collection under her name, from her address, with what it recorded and
 * his account before → after.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { codeOf } from "../support/totp";
import { E2E_ADMIN } from "./env";
import { signIn } from "./fixtures";
import { acceptInvitation, inviteOnStaffPage } from "./flows";
import { ownDevelopmentServer } from "./spawn-server";

/** A development server of its own: the sample roll (Kabir Singh) exists only there. */

/** Kabir Singh (sample roll): no other spec pays his fees on the main server. */
const STUDENT = { admissionNumber: "2015/0009", name: "Kabir Singh" };
const ACCESS_DENIED = "You don't have permission to access this area. Please contact the system administrator.";

test.describe("an accountant's first day", () => {
  const server = ownDevelopmentServer(18, "desktop", "one account and one collection: once");

  test("invited, sets a password and two-factor, collects cash, is refused admissions and staff, and is in the audit log", async ({ browser }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const accountant = { name: `Accountant ${stamp}`, email: `accounts-${stamp}@staff.example`, password: "an-accountant-password-1" };

    // The owner invites her with the Accounts role; with no mail server the link is shown.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner, E2E_ADMIN, `${server.origin}/admin/staff`);
    const link = await inviteOnStaffPage(owner, accountant, "Accounts");

    // She chooses a password, signs in, and is sent to set up her second factor first.
    const context = await browser.newContext();
    const page = await context.newPage();
    await acceptInvitation(page, link, accountant);
    await signIn(page, accountant, `${server.origin}/admin/login`);
    await expect(page).toHaveURL(/\/admin\/account\/two-factor\?reason=required/);
    await page.goto(`${server.origin}/admin/fees?q=${encodeURIComponent(STUDENT.admissionNumber)}`);
    await expect(page).toHaveURL(/\/admin\/account\/two-factor\?reason=required/);
    await page.getByLabel("Your password").fill(accountant.password);
    await page.getByRole("button", { name: "Continue" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    const uri = `otpauth://totp/KVA:${encodeURIComponent(accountant.email)}?secret=${secret}&algorithm=SHA1&digits=6&period=30`;
    await page.getByLabel("6-digit code").fill(codeOf(uri));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();

    // The next sign-in asks for her code.
    await context.clearCookies();
    await signIn(page, accountant, `${server.origin}/admin/fees`, { uri });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student roll");

    // Cash at the counter for Kabir's oldest unpaid school-fee month.
    await page.goto(`${server.origin}/admin/fees?q=${encodeURIComponent(STUDENT.admissionNumber)}`);
    await page.getByRole("link", { name: STUDENT.admissionNumber }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(STUDENT.name);
    const school = page.locator("form", { has: page.getByText("School fee", { exact: true }) });
    const unpaid = school.locator("li", { hasText: /Overdue|Due/ }).first();
    await unpaid.getByRole("checkbox").check();
    await school.getByLabel("Mode").selectOption("cash");
    await school.getByRole("button", { name: "See the total" }).click();
    await page.getByRole("button", { name: /^Confirm: record ₹[\d,]+ and issue receipt$/ }).click();
    const done = page.getByRole("status").filter({ hasText: "recorded" });
    await expect(done).toContainText(/Receipt KVA\/\d{4}-\d{2}\/\d{6} issued\./);
    const receiptNumber = /KVA\/\d{4}-\d{2}\/\d{6}/.exec((await done.textContent())!)![0];

    // Admissions and staff are not hers.
    for (const path of ["/admin/applications", "/admin/staff", "/admin/audit"]) {
      const answer = await page.goto(`${server.origin}${path}`);
      expect(answer?.status(), path).toBe(403);
      await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
    }
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Applications" })).toHaveCount(0);

    // The owner's audit log: the collection, under her name, with what it recorded.
    await owner.goto(`${server.origin}/admin/audit?who=${encodeURIComponent(accountant.email)}`);
    const row = owner.getByTestId("audit-row").filter({ hasText: receiptNumber });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("office_collection.create");
    await expect(row).toContainText(accountant.email);
    await expect(row).toContainText(STUDENT.admissionNumber);
    await expect(row).toContainText("cash");
    // Before → after: his unpaid months lose the one she collected, and what is payable now falls.
    const changes = row.getByRole("listitem");
    await expect(changes.filter({ hasText: "unpaid months" })).toHaveCount(1);
    await expect(changes.filter({ hasText: "payable now" })).toContainText("→");
    // Her password and her second factor are in the log too, under her own name.
    await expect(owner.getByTestId("audit-row").filter({ hasText: "staff.invitation_accepted" })).toHaveCount(1);
    // The audit log with rows in it, as the owner reads it at both widths (screens saved
    // beside the results): axe finds nothing.
    for (const width of [1280, 390]) {
      await owner.setViewportSize({ width, height: 800 });
      await owner.screenshot({ path: test.info().outputPath(`audit-log-${width}.png`), fullPage: true });
      expect((await new AxeBuilder({ page: owner }).analyze()).violations.map((v) => `${v.id} (${width} px)`)).toEqual([]);
    }

    await context.close();
    await ownerContext.close();
  });
});
