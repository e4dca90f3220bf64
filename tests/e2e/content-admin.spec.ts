/**
 * The school edits its own site (issue 28) as the owner meets it in the admin: a notice with a
 * 10,000-character banner line is refused with the message beside the field and every value
 * kept; fixed, it is saved as a draft and published. Two pages edit it at once: the second save
 * is told who saved first and when, and keeps its text. A revision is compared with the
 * published version (words struck through and underlined) and restored. A news event is written
 * with the toolbar, a Word paste (clean Markdown) and the live preview. axe finds nothing on the
 * list, the refused notice, the story with its preview and the comparison, at 1280 and 390 px
 * (screens saved beside the results); no page logs an error or fails to hydrate. Without
 * JavaScript the same form posts and a refusal keeps what was typed.
 */
import { expect, test, type Page } from "@playwright/test";
import { checkBothWidths, watchErrors } from "./content-checks";
import { E2E_ADMIN } from "./env";
import { signIn } from "./fixtures";

async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** What Word (365, Windows) puts on the clipboard for a heading, a bold word and a two-item list. */
const WORD_CLIPBOARD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{mso-style-unhide:no}</style></head><body><!--StartFragment--><h1><span style='mso-ansi-language:EN-US'>Programme<o:p></o:p></span></h1><p class=MsoNormal>Bring <b><span style='mso-bidi-font-weight:normal'>water</span></b>.<o:p></o:p></p><p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Relay races<o:p></o:p></p><p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Long jump<o:p></o:p></p><!--EndFragment--></body></html>`;

test.describe("content in the admin", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "each check runs at 1280 and 390 px inside");

  test("a notice is refused, fixed, saved and published; a stale save keeps its text; a revision is compared and restored; a story is written with the toolbar, a Word paste and the preview", async ({ page }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    watchErrors(page, errors);
    const stamp = Date.now().toString(36);
    const line = `School closed tomorrow: heavy rain ${stamp}`;

    await signIn(page, E2E_ADMIN, "/admin/content");
    await expect(page.getByRole("heading", { name: "Content", exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" })).toHaveAttribute("aria-current", "page");

    // A notice whose banner line is 10,000 characters: refused, the message beside the field, nothing lost.
    await page.getByRole("link", { name: "New notice" }).click();
    await expect(page.getByRole("heading", { name: "New notice", level: 1 })).toBeVisible();
    await hydrated(page);
    const long = "x".repeat(10_000);
    await page.getByLabel("Banner line").fill(long);
    await page.getByLabel("Shown from").fill("2099-11-28T00:00");
    await page.getByLabel("Shown until").fill("2099-11-28T18:00");
    await page.getByLabel("More detail (optional)").fill("The school is closed on **Saturday** because of heavy rain.");
    await page.getByRole("button", { name: "Save draft" }).click();
    const refusal = page.getByTestId("refusal");
    await expect(refusal).toContainText("Nothing was saved: correct the field marked below.");
    await expect(refusal.getByRole("link", { name: "Banner line: Keep the notice to 120 characters or fewer" })).toBeVisible();
    await expect(refusal).toBeFocused();
    await expect(page.getByLabel("Banner line")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#field-title-error")).toHaveText("Keep the notice to 120 characters or fewer");
    expect((await page.getByLabel("Banner line").inputValue()).length).toBe(10_000);
    await expect(page.getByLabel("Shown from")).toHaveValue("2099-11-28T00:00");
    await expect(page.getByLabel("More detail (optional)")).toHaveValue("The school is closed on **Saturday** because of heavy rain.");
    await expect(page).toHaveURL(/\/admin\/content\/new\?kind=notice$/);
    await expect(page.getByTestId("body-preview").locator("strong")).toHaveText("Saturday");
    await checkBothWidths(page, "new-notice-refused");

    // Fixed: a draft on its own page, then published.
    await page.getByLabel("Banner line").fill(line);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/\d+\?created=draft$/);
    await expect(page.getByRole("status")).toHaveText("Draft saved.");
    await expect(page.getByRole("heading", { name: line, level: 1 })).toBeVisible();
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    const itemUrl = page.url().replace(/\?.*$/, "");
    await hydrated(page);
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved and published: it shows on the site from 28 Nov 2099, 12:00 AM.");
    await expect(page.getByText("Published", { exact: true })).toBeVisible();

    // Two pages on the same notice: the first saves; the second's save is refused and keeps its text.
    const other = await page.context().newPage();
    watchErrors(other, errors);
    await other.goto(itemUrl);
    await hydrated(other);
    await page.getByLabel("More detail (optional)").fill("The school is closed on **Saturday and Monday** because of heavy rain.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Draft saved. Visitors still see the published version until you publish.");
    await expect(page.getByText("Unpublished changes", { exact: true })).toBeVisible();
    const theirs = `${line}: the second page's words`;
    await other.getByLabel("Banner line").fill(theirs);
    await other.getByRole("button", { name: "Save draft" }).click();
    const conflict = other.getByTestId("conflict");
    await expect(conflict).toHaveText(/^Saved by admin@e2e\.example at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M while you were editing: your text is below; copy what you need, then reload\.$/);
    await expect(other.getByLabel("Banner line")).toHaveValue(theirs);
    await expect(other.getByLabel("More detail (optional)")).toHaveValue("The school is closed on **Saturday** because of heavy rain.");
    await other.close();

    // The newest revision against the published version: the added words are marked.
    const revisions = page.getByTestId("revision");
    await expect(revisions).toHaveCount(3);
    await expect(revisions.nth(0)).toContainText("Draft saved");
    await expect(revisions.nth(1)).toContainText("Published");
    await revisions.nth(0).getByRole("link", { name: /^Compare with published/ }).click();
    const comparison = page.getByTestId("comparison");
    await expect(comparison.getByTestId("field-diff")).toHaveCount(1);
    await expect(comparison.getByTestId("field-diff")).toContainText("More detail");
    await expect(comparison.locator("ins")).toContainText(["and Monday"]);
    await expect(comparison).toContainText("Unchanged: Banner line, Shown from, Shown until");
    await checkBothWidths(page, "revision-compared");

    // The published revision restored as the draft.
    await revisions.nth(1).getByRole("button", { name: /^Restore/ }).click();
    await expect(page.getByRole("status")).toContainText("is the draft again: publish it to show it to visitors.");
    await expect(page.getByLabel("More detail (optional)")).toHaveValue("The school is closed on **Saturday** because of heavy rain.");
    await expect(revisions.nth(0)).toContainText("Earlier revision restored");

    // A news event: the address follows the title, the toolbar writes Markdown, a Word paste
    // arrives clean, and the preview follows.
    await page.goto("/admin/content/new?kind=news");
    await hydrated(page);
    const title = `Annual Sports Meet ${stamp}`;
    await page.getByLabel("Title").fill(title);
    await expect(page.getByLabel("Address")).toHaveValue(`annual-sports-meet-${stamp}`);
    await page.getByLabel("Event (with a date, time and place)").check();
    await page.getByLabel("Starts on").fill("2026-12-05");
    await page.getByLabel("Start time (optional)").fill("09:00");
    await page.getByLabel("Place (optional)").fill("Main ground");
    const summary = "Our annual sports meet on the main ground, with relay races and long jump.";
    await page.getByLabel("Summary").fill(summary);
    await expect(page.getByTestId("summary-count")).toHaveText(`${summary.length} of 240 characters`);
    await page.getByLabel("Description of the picture").fill("The school building");
    const body = page.getByLabel("Text", { exact: true });
    await body.fill("Races for every class");
    await body.selectText();
    await page.getByRole("button", { name: "Heading (level 2)" }).click();
    await body.press("End");
    await body.press("Enter");
    await body.press("Enter");
    await body.pressSequentially("Parents are ");
    await page.getByRole("button", { name: "Bold" }).click();
    await body.pressSequentially("welcome");
    await expect(body).toHaveValue("## Races for every class\n\nParents are **welcome**");
    await body.press("End");
    await body.press("Enter");
    await body.press("Enter");
    await body.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", "Programme\nBring water.\nRelay races\nLong jump");
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, WORD_CLIPBOARD);
    await expect(body).toHaveValue("## Races for every class\n\nParents are **welcome**\n\n## Programme\n\nBring **water**.\n\n- Relay races\n- Long jump");
    const preview = page.getByTestId("body-preview");
    await expect(preview.getByRole("heading", { name: "Programme", level: 2 })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText(["welcome", "water"]);
    await expect(preview.getByRole("listitem")).toHaveText(["Relay races", "Long jump"]);
    // A level-1 heading is refused by the site: the preview says so while typing.
    await body.press("Control+Home");
    await body.pressSequentially("# Big\n\n");
    await expect(page.getByTestId("preview-problem")).toHaveText('The heading "Big" uses level 1, which is the page\'s own title: start headings at level 2 (## )');
    await body.press("Control+Home");
    for (let i = 0; i < "# Big\n\n".length; i++) await body.press("Delete");
    await expect(page.getByTestId("preview-problem")).toHaveCount(0);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/\d+\?created=draft$/);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(`/news/annual-sports-meet-${stamp}`)).toBeVisible();
    await expect(page.getByLabel("Starts on")).toHaveValue("2026-12-05");
    await expect(page.getByTestId("body-preview").getByRole("heading", { name: "Programme", level: 2 })).toBeVisible();
    await hydrated(page);
    await checkBothWidths(page, "news-event-with-preview");

    // The list: both items with their state, kind and last save, filtered by kind.
    await page.goto("/admin/content");
    await hydrated(page);
    const rows = page.getByTestId("content-row");
    await expect(rows.filter({ hasText: line })).toContainText("Unpublished changes");
    await expect(rows.filter({ hasText: title })).toContainText("Draft");
    await expect(rows.filter({ hasText: title })).toContainText("News story or event");
    await page.getByRole("link", { name: "Notices", exact: true }).click();
    await expect(page).toHaveURL(/kind=notice$/);
    await expect(rows.filter({ hasText: title })).toHaveCount(0);
    await page.getByRole("link", { name: "All", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(rows.filter({ hasText: title })).toHaveCount(1);
    await checkBothWidths(page, "content-list");

    expect(errors).toEqual([]);
  });

  test("leaving a changed form asks first: staying keeps what was typed; the pictures page opens beside it; required dates say so", async ({ page }) => {
    await signIn(page, E2E_ADMIN, "/admin/content/new?kind=news");
    await hydrated(page);
    await expect(page.getByLabel(/^Date \(required\)$/)).toHaveAttribute("required", "");
    await page.getByLabel("Title").fill("Sports day moved to Friday");
    const questions: string[] = [];
    page.once("dialog", (d) => (questions.push(d.message()), void d.dismiss()));
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" }).click();
    await expect.poll(() => questions).toEqual(["Leave this page? What you changed here is not saved yet."]);
    await expect(page).toHaveURL(/\/admin\/content\/new\?kind=news$/);
    await expect(page.getByLabel("Title")).toHaveValue("Sports day moved to Friday");
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" }).click();
    await expect(page.getByRole("heading", { name: "Content", exact: true })).toBeVisible();
    // A form not changed lets the person go without asking.
    await page.getByRole("link", { name: "New notice" }).click();
    await hydrated(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" }).click();
    await expect(page.getByRole("heading", { name: "Content", exact: true })).toBeVisible();
    // An album's link to the pictures page opens beside the form, which keeps what was typed.
    await page.goto("/admin/content/new?kind=album");
    await expect(page.getByRole("link", { name: /^pictures page \(opens in a new tab/ })).toHaveAttribute("target", "_blank");
  });

  test("text replaced before the editor has loaded is kept as typed, never joined to the old text", async ({ page }) => {
    const errors: string[] = [];
    watchErrors(page, errors);
    await signIn(page, E2E_ADMIN, "/admin/content?kind=page");
    const editor = (await page.getByRole("link", { name: "Principal's Message" }).first().getAttribute("href"))!;
    // The page's scripts wait until the text is replaced, as on a slow phone.
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/**/*.js", async (route) => {
      await loaded;
      await route.continue();
    });
    await page.goto(editor, { waitUntil: "domcontentloaded" });
    const body = page.locator("#field-body");
    expect(await body.inputValue()).not.toBe("");
    await body.fill("A new message, written before the editor loaded.");
    release();
    await hydrated(page);
    await expect(body).toHaveValue("A new message, written before the editor loaded.");
    await expect(page.getByTestId("body-preview")).toContainText("A new message, written before the editor loaded.");
    await expect(page.getByTestId("body-preview")).not.toContainText("Dear students and parents");
    await page.unroute("**/assets/**/*.js");
    expect(errors).toEqual([]);
  });

  test("without JavaScript the form posts, a refusal keeps what was typed, and an event's fields show when Event is chosen", async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, E2E_ADMIN, "/admin/content/new?kind=news", { javaScript: false });
    await expect(page.getByRole("heading", { name: "New news story or event", level: 1 })).toBeVisible();
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toHaveCount(0);
    await expect(page.getByLabel("Starts on")).toBeHidden();
    await page.getByLabel("Event (with a date, time and place)").check();
    await expect(page.getByLabel("Starts on")).toBeVisible();
    await page.getByLabel("News", { exact: true }).check();
    const title = `Science fair ${Date.now().toString(36)}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Summary").fill("Too short");
    await page.getByLabel("Text", { exact: true }).fill("## Projects\n\nForty projects.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("refusal")).toContainText("Summary: Write at least 20 characters for the summary");
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Address")).toHaveValue(title.toLowerCase().replace(/ /g, "-"));
    await expect(page.getByLabel("Text", { exact: true })).toHaveValue("## Projects\n\nForty projects.");
    await page.getByLabel("Summary").fill("Forty projects by our students at the annual science fair.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/\d+\?created=draft$/);
    await expect(page.getByRole("status")).toHaveText("Draft saved.");
    await expect(page.getByTestId("body-preview").getByRole("heading", { name: "Projects", level: 2 })).toBeVisible();
    await context.close();
  });
});
