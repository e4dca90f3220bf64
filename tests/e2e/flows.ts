/**
 * Parents' flows on a development server with the test gateway (spawn-server.ts
 * `developmentEnv(port, { PAYMENT_PROVIDER: "mock" })`), for specs that need their result pages:
 * a sample payment to its hand-off, the test gateway's answers, an application to its fee, and
 * the text of a receipt. The steps are those of payments.spec.ts, admissions.spec.ts and
 * receipts.spec.ts.
 */
import { expect, type Page } from "@playwright/test";
import { pdfText } from "../support/pdf";

/** A 2 × 2 PNG that decodes, accepted as the child's photograph. */
export const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000000970485973000003e8000003e801b57b526b" + "0000001249444154089963b0ca5b6a95b7940142010022ce0535855e83c30000000049454e44ae426082", "hex");

/** Opens `url` and waits until React has hydrated it. */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Starts a sample payment for `key` on /sample-payment; returns on the hand-off page (/pay/{order}). */
export async function startSample(page: Page, origin: string, key: string, amount = "Two months of tuition"): Promise<string> {
  await openHydrated(page, `${origin}/sample-payment`);
  await page.getByLabel(amount).check();
  await page.getByLabel("What it pays for").fill(key);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
  return page.url();
}

const RESULT_PAGE = { Pay: /\/payment-success\?order=[\w-]{22}$/, Fail: /\/payment-failure\?order=[\w-]{22}$/, "Leave pending": /\/payment-pending\?order=[\w-]{22}$/ } as const;

/** From a hand-off page, goes to the test gateway and answers with `answer`; returns on the result page's URL. */
export async function answerOnTestGateway(page: Page, answer: keyof typeof RESULT_PAGE): Promise<string> {
  await page.getByRole("link", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: answer, exact: true }).click();
  await expect(page).toHaveURL(RESULT_PAGE[answer]);
  return page.url();
}

/** Fills the parts of /apply every application needs (not the class, date of birth or documents). */
export async function fillApplication(page: Page, child: string): Promise<void> {
  await page.getByLabel("Child's full name").fill(child);
  await page.getByLabel("Gender").selectOption("Girl");
  await page.getByLabel("Category").selectOption("General");
  await page.getByLabel("Mother tongue").fill("Bengali");
  await page.getByLabel("Mother's name (optional)").fill("Rupa Roy");
  await page.getByLabel("Mobile number for updates").fill("98765 43210");
  await page.getByLabel("Address").fill("12 Station Road, Malancha");
  await page.getByLabel("Town or city").fill("Kharagpur");
  await page.getByLabel("PIN code").fill("721301");
}

/**
 * Fills /apply for `child` (a girl born 15 June 2021, for UKG of the development session, mobile
 * 98765 43210, birth certificate to follow; `options.email` as the e-mail for updates) and sends
 * it; returns on the application fee's hand-off page.
 */
export async function applyFor(page: Page, origin: string, child: string, options: { email?: string } = {}): Promise<void> {
  await openHydrated(page, `${origin}/apply`);
  await fillApplication(page, child);
  if (options.email) await page.getByLabel(/^E-mail for updates/).fill(options.email);
  await page.getByLabel("Class applying for").selectOption("UKG");
  await page.getByLabel("Date of birth").fill("2021-06-15");
  await page.getByLabel("Child's photograph").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel(/The birth certificate is to be submitted later/).check();
  await page.getByLabel(/I am the child's parent or lawful guardian/).check();
  await page.getByRole("button", { name: "Send application and pay" }).click();
  await expect(page).toHaveURL(/\/pay\/[\w-]{22}$/);
}

/** The text (whitespace collapsed) of the PDF at `href` on `origin`. */
export async function pdfTextAt(page: Page, origin: string, href: string): Promise<string> {
  const answer = await page.request.get(new URL(href, origin).toString());
  expect(answer.status()).toBe(200);
  return (await pdfText(await answer.body())).replace(/\s+/g, " ");
}

/**
 * On /admin/staff, open in `owner` (the owner signed in), invites `person` with the role labelled
 * `role` ("Accounts", "Viewer"); returns the invitation link the page shows to pass on (the e2e
 * servers have no mail server).
 */
export async function inviteOnStaffPage(owner: Page, person: { name: string; email: string }, role: string): Promise<string> {
  await owner.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = owner.getByRole("region", { name: "Invite a person" });
  await form.getByLabel("Name").fill(person.name);
  await form.getByLabel("E-mail address").fill(person.email);
  await form.getByRole("checkbox", { name: role }).check();
  await form.getByRole("button", { name: "Send the invitation" }).click();
  await expect(owner.getByRole("status").filter({ hasText: `${person.name} is invited.` })).toBeVisible();
  return owner.getByTestId("invitation-link").inputValue();
}

/** Opens an invitation `link` in `page`, sets `person`'s password, and returns on the sign-in page it leads to. */
export async function acceptInvitation(page: Page, link: string, person: { password: string }): Promise<void> {
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(person.password);
  await page.getByLabel("Repeat the new password").fill(person.password);
  await page.getByRole("button", { name: "Set the password" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?reason=password-set$/);
}
