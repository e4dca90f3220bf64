/** Shared steps of the specs. */
import { expect, type Page } from "@playwright/test";

/** Signs in on the login screen the page is showing (or opens it) and waits to leave it. */
export async function signIn(page: Page, account: { email: string; password: string }, path = "/admin/login") {
  if (!page.url().includes("/admin/login")) await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
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
 * Opens `path` and waits until React has hydrated it: public pages start their scripts after the
 * first paint (server/page-cache.ts paintFirst), so a test that drives what the scripts add (the
 * menu, dialogs, client-side navigation) waits for them.
 */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
