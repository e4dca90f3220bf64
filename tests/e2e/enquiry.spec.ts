/**
 * The enquiry form as a parent meets it (SPEC §2, §4, §5, §8): validation, states, the dialog's
 * once-per-session auto-open on the home page, the 3 s close, and the post without JavaScript.
 */
import { expect, test, type Page } from "@playwright/test";

const uniquePhone = () => `9${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 900 + 100)}`;

async function openDialog(page: Page) {
  await page.getByRole("button", { name: "Enquire Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Enquire Now" });
  await expect(dialog.getByLabel("Parent's name")).toBeVisible();
  return dialog;
}

test.describe("enquiry form", () => {
  test("shows every validation message and keeps submit disabled while the phone is invalid", async ({ page }) => {
    await page.goto("/overview");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const dialog = await openDialog(page);
    const submit = dialog.getByRole("button", { name: "Send enquiry" });
    await expect(submit).toBeDisabled();

    await dialog.getByLabel("Parent's name").focus();
    await dialog.getByLabel("Parent's name").blur();
    await expect(dialog.getByText("Please enter your name")).toBeVisible();

    const phone = dialog.getByLabel("Mobile number");
    await phone.fill("12345");
    await phone.blur();
    await expect(dialog.getByText("Please enter a valid 10-digit mobile number")).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(submit).toBeDisabled();
    await phone.fill("5876543210");
    await expect(submit).toBeDisabled();
    await phone.fill("+91 98765 43210");
    await expect(dialog.getByText("Please enter a valid 10-digit mobile number")).toBeHidden();
    await expect(submit).toBeEnabled();

    await dialog.getByLabel("Class seeking admission to").focus();
    await dialog.getByLabel("Class seeking admission to").blur();
    await expect(dialog.getByText("Please select a class")).toBeVisible();

    await dialog.getByLabel(/Email/).fill("not-an-email");
    await dialog.getByLabel(/Email/).blur();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();

    // Submitting with errors sends nothing and keeps what was typed.
    await submit.click();
    await expect(dialog.getByLabel("Mobile number")).toHaveValue("+91 98765 43210");
    await expect(dialog.getByText("Thank you for your enquiry!")).toBeHidden();
  });

  test("success: thanks the parent, resets the fields and closes after 3 s", async ({ page }) => {
    await page.clock.install();
    await page.goto("/facilities");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const dialog = await openDialog(page);
    await dialog.getByLabel("Parent's name").fill("Test Parent Success");
    await dialog.getByLabel("Mobile number").fill(uniquePhone());
    await dialog.getByLabel("Class seeking admission to").selectOption("Class 3");
    // From here on, time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await dialog.getByRole("button", { name: "Send enquiry" }).click();
    await expect(dialog.getByText("Thank you for your enquiry!")).toBeVisible();
    await expect(dialog.getByText("We'll get back to you soon with more information.")).toBeVisible();
    await expect(dialog.getByLabel("Parent's name")).toHaveValue("");
    await expect(dialog.getByLabel("Mobile number")).toHaveValue("");
    expect(await dialog.getByLabel("Class seeking admission to").evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe("Select a class");
    expect(await page.evaluate(() => sessionStorage.getItem("kva.enquiry.submitted"))).toBe("1");
    await page.clock.runFor(2_900);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(200);
    await expect(dialog).toBeHidden();
  });

  test("opens by itself 5 s after arriving on the home page, once per session, never elsewhere", async ({ page }) => {
    // A paused clock from before the first page: timers start at hydration, time moves only here.
    await page.clock.install({ time: new Date("2026-11-21T10:00:00+05:30") });
    await page.clock.pauseAt(new Date("2026-11-21T10:00:01+05:30"));
    await page.goto("/overview");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.clock.runFor(6_000);
    const dialog = page.getByRole("dialog", { name: "Enquire Now" });
    await expect(dialog).toBeHidden();

    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.clock.runFor(4_900);
    await expect(dialog).toBeHidden();
    await page.clock.runFor(200);
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem("kva.enquiry.shown"))).toBe("1");

    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.clock.runFor(10_000);
    await expect(dialog).toBeHidden();
  });

  test("does not open by itself after an enquiry was submitted this session", async ({ page }) => {
    await page.clock.install();
    await page.goto("/overview");
    await page.evaluate(() => sessionStorage.setItem("kva.enquiry.submitted", "1"));
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.clock.runFor(6_000);
    await expect(page.getByRole("dialog", { name: "Enquire Now" })).toBeHidden();
  });

  test("a link marked data-open-enquiry opens the dialog instead of leaving the page", async ({ page }) => {
    await page.goto("/overview");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/enquire";
      a.dataset.openEnquiry = "";
      a.textContent = "Call us back";
      document.querySelector("main")!.prepend(a);
    });
    await page.getByRole("link", { name: "Call us back" }).click();
    await expect(page.getByRole("dialog", { name: "Enquire Now" })).toBeVisible();
    await expect(page).toHaveURL(/\/overview$/);
  });
});

test.describe("enquiry without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts to /enquire and shows the same messages, keeping the input on invalid data", async ({ page }) => {
    await page.goto("/enquire");
    await page.getByLabel("Parent's name").fill("No Script Parent");
    await page.getByLabel("Mobile number").fill("12345");
    await page.getByLabel("Class seeking admission to").selectOption("UKG");
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByText("Please enter a valid 10-digit mobile number")).toBeVisible();
    await expect(page.getByLabel("Parent's name")).toHaveValue("No Script Parent");

    await page.getByLabel("Mobile number").fill(uniquePhone());
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByText("Thank you for your enquiry!")).toBeVisible();
    await expect(page.getByLabel("Parent's name")).toHaveValue("");
  });
});
