/** Shared steps of the specs. */
import { expect, type Page } from "@playwright/test";
import { codeOf } from "../support/totp";
import { E2E_ADMIN, E2E_PORT } from "./env";
import { ownerTotpUri } from "./owner-totp";

/**
 * Signs in on the login screen the page is showing (or opens it at `path`, on the main server
 * or the one `path` names) and waits to leave it. The owner answers the second step with the
 * code of the server's authenticator (owner-totp.ts sets it up the first time); another account
 * with a second factor, with the code of `uri`. Without JavaScript (`javaScript: false`) the same
 * forms are posted as plain documents.
 */
export async function signIn(page: Page, account: { email: string; password: string }, path = "/admin/login", options: { javaScript?: boolean; uri?: string } = {}) {
  const { javaScript = true } = options;
  const onLogin = page.url().includes("/admin/login");
  const origin = new URL(onLogin ? page.url() : path, `http://localhost:${E2E_PORT}`).origin;
  const uri = options.uri ?? (account.email === E2E_ADMIN.email ? await ownerTotpUri(origin) : undefined);
  if (!onLogin) await page.goto(path);
  if (javaScript) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin/login") || url.pathname === "/admin/login/code");
  if (new URL(page.url()).pathname === "/admin/login/code") {
    if (!uri) throw new Error(`${account.email} was asked for a code the test does not know`);
    await page.getByLabel("Code").fill(codeOf(uri));
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/**
 * Marks the enquiry dialog as already shown this session, so it does not open by itself on
 * the home page in the middle of a test about something else.
 */
export async function skipEnquiryAutoOpen(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem("kva.enquiry.shown", "1"));
}

/**
 * Opens `path` and waits until its scripts run: the chrome script on every public page (pages
 * kept in memory load only it: app/lib/without-react.ts), after React has hydrated on
 * the others. A test that drives what the scripts add (the menu, dialogs, forms' checks) waits
 * for them. /apply and /enquire load React only when the parent starts on the form (decision
 * 044): `html[data-react="hydrated"]` says it has arrived.
 */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
