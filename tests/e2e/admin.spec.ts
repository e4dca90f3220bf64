/**
 * Administrator sign-in and the admin area (SPEC §2, §4, §6, §8; DESIGN.md §6) as the school
 * administrator meets them.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN, E2E_USER } from "./env";
import { signIn } from "./fixtures";

test.describe("admin sign-in", () => {
  test("a visitor asking for an admin page gets the login screen, then that page after signing in", async ({ page }) => {
    await page.goto("/admin/enquiries?status=new");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fenquiries%3Fstatus%3Dnew$/);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await signIn(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin\/enquiries\?status=new$/);
    await expect(page.getByTestId("admin-email").or(page.getByRole("button", { name: "Sign out" }))).not.toHaveCount(0);

    // Signed in, the login screen sends the admin on.
    await page.goto("/admin/login?redirectTo=%2Fadmin%2Fpayments");
    await expect(page).toHaveURL(/\/admin\/payments$/);
  });

  test("a wrong password shows the SPEC message; the button reads 'Signing in...' while busy", async ({ page }) => {
    await page.goto("/admin/login");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/admin/login.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    await expect(page.getByRole("alert")).toHaveText("Invalid credentials. Please try again.");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
  });

  test("a signed-in USER sees Access Denied on every admin page", async ({ page }) => {
    await page.goto("/admin/login");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Email").fill(E2E_USER.email);
    await page.getByLabel("Password").fill(E2E_USER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    for (const path of ["/admin", "/admin/enquiries"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      await expect(page.getByText("You don't have permission to access this area. Please contact the system administrator.")).toBeVisible();
      await expect(page.getByText("Sample Parent")).toHaveCount(0);
    }
    const csv = await page.request.get("/admin/enquiries/export");
    expect(csv.status()).toBe(403);
    expect(await csv.text()).not.toContain("Phone");
  });

  test("sign out ends the session on the server and clears the browser's copy", async ({ page, context }) => {
    await signIn(page, E2E_ADMIN, "/admin");
    // The admin layout stores the user after hydration, which the dashboard's data can delay.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("kva.admin.user") ?? "null"))).toEqual({ email: E2E_ADMIN.email, role: "ADMIN" });
    const cookiesBefore = await context.cookies();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login\?reason=signed-out$/);
    await expect.poll(() => page.evaluate(() => [localStorage.getItem("kva.admin.user"), localStorage.getItem("kva.admin.lastActivity")])).toEqual([null, null]);
    // Replaying the old cookie does not get back in.
    await context.addCookies(cookiesBefore);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("after 30 minutes without activity the browser signs out (checked every 60 s)", async ({ page }) => {
    await page.clock.install();
    await signIn(page, E2E_ADMIN, "/admin");
    // The inactivity check starts with the admin layout's effect, which the dashboard's data can
    // delay past hydration: a clock run before it would start the 30 minutes afresh.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("kva.admin.lastActivity"))).not.toBeNull();
    await page.clock.runFor(29 * 60_000);
    await expect(page).toHaveURL(/\/admin$/);
    await page.clock.runFor(2 * 60_000);
    // The sign-out is a request and a navigation: on a server just started beside other specs it
    // has taken longer than the default 5 s.
    await expect(page).toHaveURL(/\/admin\/login\?reason=inactivity$/, { timeout: 15_000 });
    await expect(page.getByText("You were signed out after 30 minutes without activity.")).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("activity keeps the admin signed in", async ({ page }) => {
    await page.clock.install();
    await signIn(page, E2E_ADMIN, "/admin");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("kva.admin.lastActivity"))).not.toBeNull();
    for (let i = 0; i < 4; i++) {
      await page.clock.runFor(10 * 60_000);
      await page.mouse.move(100 + i * 10, 200);
    }
    await page.clock.runFor(2 * 60_000);
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe("enquiry inbox", () => {
  test("a parent's enquiry appears in the inbox, can be found, marked contacted and exported", async ({ page, browser }) => {
    const parent = `Inbox Parent ${Date.now()}`;
    const phone = `8${String(Date.now()).slice(-9)}`;
    const visitor = await browser.newPage();
    await visitor.goto("/contact");
    await visitor.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await visitor.getByRole("button", { name: "Enquire Now" }).click();
    const dialog = visitor.getByRole("dialog", { name: "Enquire Now" });
    await dialog.getByLabel("Parent's name").fill(parent);
    await dialog.getByLabel("Mobile number").fill(`+91 ${phone}`);
    await dialog.getByLabel("Class seeking admission to").selectOption("Class 11");
    await dialog.getByRole("button", { name: "Send enquiry" }).click();
    await expect(dialog.getByText("Thank you for your enquiry!")).toBeVisible();
    await visitor.close();

    await signIn(page, E2E_ADMIN, "/admin");
    const newBefore = Number(await page.getByTestId("count-new").textContent());
    await page.goto("/admin/enquiries");
    await page.getByLabel("Name or phone").fill(phone.slice(-6));
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByTestId("enquiry-total")).toHaveText("1 enquiry");
    const row = page.locator("[data-testid=enquiry-row]:visible, li:visible").filter({ hasText: parent }).first();
    await expect(row).toContainText(phone);
    await expect(row).toContainText("Class 11");
    await expect(row).toContainText("New");
    await expect(row).toContainText(/\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} (AM|PM)/);

    await row.getByText("Mark as contacted").click();
    await row.getByRole("textbox").fill("Called; visiting on Saturday");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(row).toContainText("Contacted");
    await expect(row).toContainText("Called; visiting on Saturday");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csv = readFileSync(await (await download).path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("ID,Received (IST),Name,Phone,Class,Email,Status,Page,Note,Contacted (IST)");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${parent},${phone},Class 11,,contacted,/contact,Called; visiting on Saturday,`);

    await page.goto("/admin");
    await expect(page.getByTestId("count-new")).toHaveText(String(newBefore - 1));
  });
});
