/**
 * Staff accounts as the owner and a new member of staff meet them (issue 27): the owner invites
 * a Viewer; the e2e server has no mail server, so the invitation link is shown to pass on by
 * hand; the invitee chooses a password through it (the link then no longer works), signs in,
 * finds only the dashboard and the read-only lists in the navigation and Access Denied on the
 * staff page; the owner disables them and their next request lands on the login page. The
 * forgot-password page answers an unknown address as any other. axe finds nothing on the staff,
 * invitation and forgot-password pages.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./env";
import { signIn } from "./fixtures";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("staff accounts", () => {
  test("an invited Viewer sets a password, sees only what a Viewer may, and is signed out once disabled", async ({ browser }, info) => {
    test.setTimeout(90_000);
    const viewport = info.project.use.viewport ?? undefined;
    const stamp = `${Date.now().toString(36)}${info.project.name}`;
    const invitee = { name: `Viewer ${stamp}`, email: `viewer-${stamp}@staff.example`, password: "a-viewer-password-1" };

    const ownerContext = await browser.newContext({ viewport });
    const owner = await ownerContext.newPage();
    await signIn(owner, E2E_ADMIN, "/admin/staff");
    await expect(owner.getByRole("heading", { name: "Staff", exact: true })).toBeVisible();
    await owner.locator("html[data-hydrated]").waitFor({ state: "attached" });

    // The invitation: name, address and the Viewer role (each role says what it allows).
    const form = owner.getByRole("region", { name: "Invite a person" });
    await form.getByLabel("Name").fill(invitee.name);
    await form.getByLabel("E-mail address").fill(invitee.email);
    await expect(form.getByText("Read applications and their documents")).not.toHaveCount(0);
    await form.getByRole("checkbox", { name: "Viewer" }).check();
    await form.getByRole("button", { name: "Send the invitation" }).click();
    await expect(owner.getByRole("status").filter({ hasText: `${invitee.name} is invited.` })).toContainText("copy the link below");
    const link = await owner.getByTestId("invitation-link").inputValue();
    expect(link).toMatch(/\/admin\/invitation\/[\w-]+\.\d{13}\.[\w-]{32}$/);
    const card = owner.getByTestId("staff-member").filter({ hasText: invitee.email });
    await expect(card.getByText("Invited", { exact: true })).toBeVisible();
    await expectNoAxeViolations(owner);

    // The same address again is refused, with what was typed kept.
    await form.getByLabel("Name").fill("Someone Else");
    await form.getByLabel("E-mail address").fill(invitee.email.toUpperCase());
    await form.getByRole("checkbox", { name: "Editor" }).check();
    await form.getByRole("button", { name: "Send the invitation" }).click();
    await expect(form.getByRole("alert")).toHaveText("An account with this e-mail address already exists.");
    await expect(form.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");

    // The invitee chooses a password through the link, once.
    const staffContext = await browser.newContext({ viewport });
    const staff = await staffContext.newPage();
    await staff.goto(link);
    await expect(staff.getByRole("heading", { name: "Choose your password" })).toBeVisible();
    await expect(staff.getByText(invitee.email)).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.getByLabel("New password", { exact: true }).fill(invitee.password);
    await staff.getByLabel("Repeat the new password").fill(invitee.password);
    await staff.getByRole("button", { name: "Set the password" }).click();
    await expect(staff).toHaveURL(/\/admin\/login\?reason=password-set$/);
    await expect(staff.getByText("Your password is set.")).toBeVisible();
    await staff.goto(link);
    await expect(staff.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();

    // Signed in: the dashboard and the read-only lists, nothing the Viewer may not use.
    await signIn(staff, invitee, "/admin/login");
    await expect(staff).toHaveURL(/\/admin$/);
    const nav = staff.getByRole("navigation", { name: "Admin" }).getByRole("link");
    await expect(nav).toHaveText(["Dashboard", "Enquiries", "Applications", "Payments", "Fees", "Messages"]);
    const denied = await staff.goto("/admin/staff");
    expect(denied?.status()).toBe(403);
    await expect(staff.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(staff.getByText("You don't have permission to access this area. Please contact the system administrator.")).toBeVisible();
    await staff.goto("/admin/enquiries");
    await expect(staff).toHaveURL(/\/admin\/enquiries$/);

    // The owner disables the account: its next request is signed out.
    await owner.reload();
    await expect(card.getByText("Active", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: `Disable ${invitee.name}` }).click();
    await expect(owner.getByRole("status").filter({ hasText: "Disabled" })).toContainText("its sign-in has ended");
    await expect(card.getByText("Disabled", { exact: true })).toBeVisible();
    await staff.reload();
    await expect(staff).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fenquiries$/);
    await expect(staff.getByRole("heading", { name: "Admin Login" })).toBeVisible();

    await ownerContext.close();
    await staffContext.close();
  });

  test("Forgot your password? answers any address the same", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/admin\/forgot-password$/);
    await expectNoAxeViolations(page);
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@staff.example`);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("status")).toContainText("If this address has an account here, an e-mail with a link to choose a new password is on its way.");
    const expired = await page.goto("/admin/reset-password/notAToken0000000000000000");
    expect(expired?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  });
});
