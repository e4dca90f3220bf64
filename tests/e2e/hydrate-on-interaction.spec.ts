/**
 * Pages whose forms hydrate React when the parent starts on them (/apply, /enquire: issue 29,
 * decision 044): nothing of React is fetched before, the chrome runs meanwhile, and what the
 * parent typed, chose or ticked while React was on its way reaches React's state once it has
 * hydrated (app/lib/edits-before-hydration.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { skipEnquiryAutoOpen } from "./fixtures";

test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));
test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "browser behaviour of one page: once is enough");

/** The paths of the scripts `page` asks for from now on. */
function scriptsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && paths.push(new URL(request.url()).pathname));
  return paths;
}

/** Holds React Router's client entry until the returned function is called: React is "on its way". */
async function holdReact(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const html = (page: Page) => page.locator("html");

test("/apply fetches no React until the parent starts on the form; React then knows the class, date of birth and tick given while it loaded", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const scripts = scriptsOf(page);
  const release = await holdReact(page);
  await page.goto("/apply");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The chrome runs (its menu opens); nothing of React Router's was asked for.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await page.keyboard.press("Escape");
  expect(scripts.filter((path) => /\/(root|apply|entry\.client|manifest)-/.test(path))).toEqual([]);
  await expect(html(page)).not.toHaveAttribute("data-react", /./);

  await page.getByLabel("Child's full name").fill("Ananya Roy");
  await expect(html(page)).toHaveAttribute("data-react", "loading");
  await page.getByLabel("Class applying for").selectOption("Class 1");
  await page.getByLabel("Date of birth").fill("2021-06-15");
  await page.getByLabel(/The birth certificate is to be submitted later/).check();
  // Fields that show only when they apply do so before React arrives too.
  await expect(page.getByLabel("Sibling's admission number")).toBeHidden();
  await page.getByLabel(/A brother or sister of the child studies/).check();
  await page.getByLabel("Sibling's admission number").fill("2019/0101");
  await expect(page.getByLabel("Previous school")).toBeHidden();
  await expect(page.getByTestId("eligibility")).not.toContainText("Not eligible");
  release();

  await expect(html(page)).toHaveAttribute("data-react", "hydrated");
  await expect(page.locator("form[data-hydrated-form]")).toHaveAttribute("data-hydrated-form", "yes");
  await expect(page.getByTestId("eligibility")).toContainText(/Not eligible for Class 1: 5 years old on .+; Class 1 needs 6\+\. UKG fits this age/);
  await expect(page.getByLabel("Child's full name")).toHaveValue("Ananya Roy");
  await expect(page.getByLabel(/The birth certificate is to be submitted later/)).toBeChecked();
  await expect(page.getByLabel("Sibling's admission number")).toHaveValue("2019/0101");
  await page.getByLabel("Class applying for").selectOption("Class 3");
  await expect(page.getByLabel("Previous school")).toBeVisible();
  // React's copy of the tick is the parent's: one click unticks it, as the parent expects.
  await page.getByLabel(/The birth certificate is to be submitted later/).click();
  await expect(page.getByLabel(/The birth certificate is to be submitted later/)).not.toBeChecked();
  expect(errors).toEqual([]);
});

test("/enquire hydrates once the parent focuses a field; the enquiry typed while React loaded is sent by React to the enquiry API", async ({ page }) => {
  const scripts = scriptsOf(page);
  const release = await holdReact(page);
  const posts: string[] = [];
  page.on("request", (request) => request.method() === "POST" && posts.push(new URL(request.url()).pathname));
  await page.goto("/enquire");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(scripts.filter((path) => /\/(root|enquire|entry\.client|manifest)-/.test(path))).toEqual([]);

  const form = page.getByRole("main");
  await form.getByLabel("Parent's name").fill("Mitali Das");
  await expect(html(page)).toHaveAttribute("data-react", "loading");
  await form.getByLabel("Mobile number").fill(`9${String(Date.now()).slice(-9)}`);
  await form.getByLabel("Class seeking admission to").selectOption({ index: 3 });
  release();
  await expect(html(page)).toHaveAttribute("data-react", "hydrated");
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Thank you for your enquiry!" })).toBeVisible();
  expect(posts.filter((path) => path !== "/api/track")).toEqual(["/api/enquiries"]);
});
