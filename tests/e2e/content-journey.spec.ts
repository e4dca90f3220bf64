/**
 * Issue 28's journey, on a server of its own (its banner must not reach other specs' pages): an
 * editor invited by the owner writes a notice banner and a news story with a photo; an editor
 * cannot publish; the owner publishes both, and within 2 s a visitor sees them on /, the story's
 * page, the sitemap and the Atom feed, at 1280 and 390 px; a script in the story's body shows as
 * text, with no script run and no CSP violation; an earlier revision is restored; the banner
 * leaves every page at its end time. The owner adds a holiday to the calendar and two openings
 * (one already closed), publishes them, and within 2 s the home calendar and /openings show the
 * holiday and the open one, never the closed one; axe finds nothing on the refused calendar and
 * opening forms at 1280 and 390 px. On the same server, the owner changes the Principal's
 * message's lead and description: an empty description is refused beside its field and in the
 * list at the top, the preview shows the text, axe finds nothing on the page form at 1280 and
 * 390 px, and within 2 s of the publish /principal shows the new lead and meta description.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "./env";
import { signIn } from "./fixtures";
import { addDays, kolkataDate } from "../../app/lib/dates";
import { checkBothWidths, watchErrors } from "./content-checks";
import { acceptInvitation, inviteOnStaffPage } from "./flows";
import { ownDevelopmentServer } from "./spawn-server";

const XSS = `<script>window.__xss = 1</script>`;

/** "yyyy-mm-ddThh:mm" in India for the instant `ms`, as a datetime-local field takes it. */
const istLocal = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 16);

/** A visitor's page at `width` that records script errors, CSP violations and any dialog. */
async function visitor(browser: Browser, width: number, problems: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`${width}: pageerror ${error.message}`));
  page.on("dialog", (dialog) => {
    problems.push(`${width}: dialog ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${width}: console ${message.text()}`);
  });
  await page.addInitScript(() => document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} on ${location.pathname}`)));
  return page;
}

/** Milliseconds until `check` holds (polled every 100 ms); fails after `limitMs`. */
async function msUntil(check: () => Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

test.describe("the school edits its own site", () => {
  // One server for the journeys: they run in turn in one worker (a changed page must not reach other specs).
  test.describe.configure({ mode: "default" });
  const server = ownDevelopmentServer(20, "desktop", "one editor, one publish: once, at both widths inside");

  test("the owner changes a leadership message's lead and description and /principal shows them within 2 s", async ({ browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const lead = `On learning with understanding and calm board examinations, written again for this term (${stamp}).`;
    const description = `The Principal of Kharagpur Vidya Academy on learning with understanding, calm CBSE board preparation and working with parents (${stamp}).`;
    const problems: string[] = [];
    // The owner's page answers a refused save with 400 (checked below), so only visitors' pages are watched.
    const owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(owner, E2E_ADMIN, `${server.origin}/admin/content`);
    await owner.getByRole("navigation", { name: "Filter by kind" }).getByRole("link", { name: "Pages", exact: true }).click();
    await expect(owner.getByRole("link", { name: "Pages", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(owner.getByRole("link", { name: /^New page/ })).toHaveCount(0);
    await owner.getByRole("link", { name: "Principal's Message" }).first().click();
    await owner.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(owner.getByRole("heading", { name: "Principal's Message", level: 1 })).toBeVisible();
    await expect(owner.getByRole("button", { name: "Unpublish" })).toHaveCount(0);
    await expect(owner.getByTestId("body-preview").getByRole("heading", { name: "Board examinations without fear" })).toBeVisible();
    await expect(owner.getByTestId("kept-parts")).toContainText("2 related links");

    // An empty description is refused: beside the field and in the list at the top.
    await owner.getByLabel("Description", { exact: true }).fill("");
    await owner.getByRole("button", { name: "Save draft" }).click();
    await expect(owner.getByTestId("refusal").getByRole("link", { name: "Description: Enter the description" })).toBeVisible();
    await expect(owner.getByLabel("Description", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(owner.locator("#field-description-error")).toHaveText("Enter the description");
    for (const width of [1280, 390]) {
      await owner.setViewportSize({ width, height: 900 });
      await owner.screenshot({ path: test.info().outputPath(`page-form-${width}.png`), fullPage: true });
      const results = await new AxeBuilder({ page: owner }).analyze();
      expect(results.violations.map((v) => `${v.id} (${width} px): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    await owner.setViewportSize({ width: 1280, height: 900 });

    await owner.getByLabel("Description", { exact: true }).fill(description);
    await expect(owner.getByTestId("description-count")).toHaveText(`${description.length} of 160 characters`);
    await owner.getByLabel("Lead").fill(lead);
    await owner.getByRole("button", { name: "Save and publish" }).click();
    await expect(owner.getByRole("status")).toHaveText("Saved and published: visitors see it now.");
    const published = Date.now();
    const escaped = (s: string) => s.replace(/'/g, "&#x27;");
    const shown = await msUntil(
      async () => {
        const html = await (await fetch(`${server.origin}/principal`)).text();
        return html.includes(`<meta name="description" content="${escaped(description)}"/>`) && html.includes(escaped(lead));
      },
      2_000 - (Date.now() - published),
      "the published lead and description",
    );
    console.log(`page publish to visible on /principal: ${Date.now() - published} ms (${shown} ms after the owner's page showed the publish)`);

    for (const width of [1280, 390]) {
      const visit = await visitor(browser, width, problems);
      await visit.goto(`${server.origin}/principal`);
      await expect(visit.getByRole("heading", { name: "Principal's Message", level: 1 })).toBeVisible();
      await expect(visit.getByText(lead)).toBeVisible();
      await visit.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await visit.screenshot({ path: test.info().outputPath(`principal-${width}.png`), fullPage: true });
      await visit.context().close();
    }
    expect(problems).toEqual([]);
    await owner.context().close();
  });

  test("an editor writes a banner and a story with a photo, the owner publishes, visitors see both within 2 s, a revision is restored and the banner ends on time", async ({ browser }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const editor = { name: `Editor ${stamp}`, email: `editor-${stamp}@staff.example`, password: "an-editor-password-1" };
    const banner = `School closed tomorrow: heavy rain ${stamp}`;
    const title = `Science fair winners ${stamp}`;
    const slug = `science-fair-winners-${stamp}`;

    // The owner invites an editor, who sets a password and signs in (no second factor for content).
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner, E2E_ADMIN, `${server.origin}/admin/staff`);
    const link = await inviteOnStaffPage(owner, editor, "Editor");
    const editorContext = await browser.newContext();
    const page = await editorContext.newPage();
    await acceptInvitation(page, link, editor);
    await signIn(page, editor, `${server.origin}/admin/login`);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" }).click();
    await expect(page.getByRole("heading", { name: "Content", exact: true })).toBeVisible();

    // The notice: shown from a minute ago; the owner sets its end when publishing.
    await page.getByRole("link", { name: "New notice" }).click();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Banner line").fill(banner);
    await page.getByLabel("Shown from").fill(istLocal(Date.now() - 120_000));
    await page.getByLabel("Shown until").fill(istLocal(Date.now() + 3_600_000));
    await page.getByLabel("More detail (optional)").fill("The school is closed because of the heavy rain warning. Classes resume on Monday.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Draft saved.");
    const noticeUrl = page.url().replace(/\?.*$/, "");
    await expect(page.getByRole("button", { name: "Save and publish" })).toHaveCount(0);

    // The story, with a photo uploaded to the pictures and a script in its body.
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 110, b: 60 } } }).jpeg().toBuffer();
    await page.goto(`${server.origin}/admin/content/pictures`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Photos", { exact: true }).setInputFiles({ name: "science-fair.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByTestId("upload-row").getByLabel("Alt text").fill("Pupils beside their solar pump model");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByTestId("upload-row").getByTestId("upload-state")).toHaveText("Saved", { timeout: 60_000 });

    await page.goto(`${server.origin}/admin/content/new?kind=news`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Summary").fill("Three projects by our Class 9 pupils won the district science fair this week.");
    await page.getByLabel("Text", { exact: true }).fill(`## The projects\n\nA solar pump, a railway signal and a rain gauge.\n\n${XSS}`);
    await page.getByRole("button", { name: "Choose from the photos" }).click();
    await page.getByTestId("picture-picker").getByText("Pupils beside their solar pump model").click();
    await expect(page.getByRole("radio", { name: "Pupils beside their solar pump model" })).toBeChecked();
    await page.getByRole("button", { name: "Use this picture" }).click();
    await expect(page.getByLabel("Cover picture")).toHaveValue(/^\/media\/[0-9a-f]{32}$/);
    await expect(page.getByLabel("Description of the picture")).toHaveValue("Pupils beside their solar pump model");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Draft saved.");
    const storyUrl = page.url().replace(/\?.*$/, "");
    const firstSummary = await page.getByLabel("Summary").inputValue();

    // The owner publishes both: the notice with its end set to a whole minute 40-100 s away.
    const endsAt = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000;
    await owner.goto(noticeUrl);
    await owner.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await owner.getByLabel("Shown until").fill(istLocal(endsAt));
    await owner.getByRole("button", { name: "Save and publish" }).click();
    await expect(owner.getByRole("status")).toContainText("Saved and published");
    await owner.goto(storyUrl);
    await owner.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await owner.getByRole("button", { name: "Save and publish" }).click();
    await expect(owner.getByRole("status")).toContainText("Saved and published");
    const published = Date.now();

    // Within 2 s a visitor sees both: home, the story, the sitemap and the feed.
    const text = async (path: string) => (await (await fetch(`${server.origin}${path}`)).text());
    const shown = await msUntil(
      async () => {
        const [home, story, sitemap, feed] = (await Promise.all(["/", `/news/${slug}`, "/sitemap.xml", "/feed.xml"].map(text))) as [string, string, string, string];
        return home.includes(banner) && home.includes(title) && story.includes(title) && sitemap.includes(`/news/${slug}</loc>`) && feed.includes(`<title>${title}</title>`);
      },
      2_000 - (Date.now() - published),
      "the published notice and story",
    );
    console.log(`publish to visible on /, /news/${slug}, /sitemap.xml and /feed.xml: ${Date.now() - published} ms (${shown} ms after the owner's page showed the publish)`);

    const problems: string[] = [];
    for (const width of [1280, 390]) {
      const visit = await visitor(browser, width, problems);
      await visit.goto(`${server.origin}/`);
      await expect(visit.getByRole("region", { name: "Notice", exact: true })).toContainText(banner);
      await expect(visit.getByRole("link", { name: title })).toBeVisible();
      await visit.screenshot({ path: test.info().outputPath(`home-with-banner-${width}.png`) });
      await visit.getByRole("link", { name: title }).click();
      await expect(visit).toHaveURL(new RegExp(`/news/${slug}$`));
      await expect(visit.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expect(visit.getByText(XSS)).toBeVisible();
      await expect(visit.locator("main img[alt='Pupils beside their solar pump model']")).toHaveAttribute("src", /^\/media\//);
      await visit.locator("html[data-hydrated]").waitFor({ state: "attached" });
      expect(await visit.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await visit.screenshot({ path: test.info().outputPath(`story-${width}.png`), fullPage: true });
      await visit.context().close();
    }
    expect(problems).toEqual([]);

    // The editor changes the story's summary; the owner restores the published revision.
    await page.goto(storyUrl);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Summary").fill("A changed summary that the school decided not to keep after all.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toContainText("Draft saved");
    await owner.goto(storyUrl);
    const revisions = owner.getByTestId("revision");
    await expect(revisions.nth(0)).toContainText("Draft saved");
    await expect(revisions.nth(1).getByRole("paragraph").first()).toHaveText("Published");
    await revisions.nth(1).getByRole("button", { name: /^Restore/ }).click();
    await expect(owner.getByRole("status")).toContainText("is the draft again");
    await expect(owner.getByLabel("Summary")).toHaveValue(firstSummary);

    // At its end time the banner leaves every page, within 2 s.
    await new Promise((r) => setTimeout(r, Math.max(0, endsAt - Date.now())));
    const gone = await msUntil(async () => !(await Promise.all(["/", "/overview", `/news/${slug}`].map(text))).some((html) => html.includes(banner)), 2_000, "the ended banner");
    console.log(`banner gone from /, /overview and the story ${gone} ms after its end`);

    await editorContext.close();
    await ownerContext.close();
  });

  test("the owner adds a holiday and two openings, one already closed, publishes them, and within 2 s the home calendar and /openings show the holiday and the open one only", async ({ browser }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const holiday = `Foundation Day holiday ${stamp}`;
    const role = `Librarian ${stamp}`;
    const closedRole = `Sports coach ${stamp}`;
    const today = kolkataDate(new Date());
    const errors: string[] = [];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    watchErrors(page, errors);
    await signIn(page, E2E_ADMIN, `${server.origin}/admin/content`);

    // The calendar entry: refused empty, with each message beside its field and in the list at the top.
    await page.getByRole("link", { name: "New calendar entry" }).click();
    await expect(page.getByRole("heading", { name: "New calendar entry", level: 1 })).toBeVisible();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Save and publish" }).click();
    const refusal = page.getByTestId("refusal");
    await expect(refusal).toContainText("Nothing was saved: correct the 2 fields marked below.");
    await expect(refusal.getByRole("link", { name: "First day: Enter the first day" })).toBeVisible();
    await expect(page.locator("#field-start-error")).toHaveText("Enter the first day");
    await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await checkBothWidths(page, "new-calendar-entry-refused");
    await page.getByLabel("Title").fill(holiday);
    await page.getByLabel("First day").fill(today);
    await page.getByLabel("Category").selectOption({ label: "Holiday" });
    await page.getByRole("button", { name: "Save and publish" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved and published: visitors see it now.");

    // The openings: refused empty, then one open for a month and one that closed yesterday.
    await page.goto(`${server.origin}/admin/content`);
    await page.getByRole("link", { name: "New opening" }).click();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("refusal").getByRole("link", { name: "Closing date: Enter the closing date" })).toBeVisible();
    await expect(page.locator("#field-qualifications-error")).toHaveText("Enter at least one qualification, one a line");
    await checkBothWidths(page, "new-opening-refused");
    const fillOpening = async (name: string, closingDate: string, posted: string) => {
      await page.getByLabel("Role").fill(name);
      await page.getByLabel("Subject").fill("School library");
      await page.getByLabel("Type").fill("Non-teaching, full-time");
      await page.getByLabel("Experience").fill("Two years in a school library preferred");
      await page.getByLabel("Qualifications").fill("B.Lib.Sc. from a recognised university\nKnowledge of library software");
      await page.getByLabel("How to apply").fill("E-mail your CV to the school office.");
      await page.getByLabel("Closing date").fill(closingDate);
      await page.getByLabel("Posted on").fill(posted);
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect(page.getByRole("status")).toHaveText("Saved and published: visitors see it now.");
    };
    await fillOpening(role, addDays(today, 30), today);
    await page.goto(`${server.origin}/admin/content/new?kind=opening`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await fillOpening(closedRole, addDays(today, -1), addDays(today, -10));

    const text = async (path: string) => (await (await fetch(`${server.origin}${path}`)).text());
    const shown = await msUntil(
      async () => {
        const [home, openings] = await Promise.all([text("/"), text("/openings")]);
        return home.includes(holiday) && openings.includes(role);
      },
      2_000,
      "the published holiday and opening",
    );
    console.log(`publish to visible on / (calendar) and /openings: ${shown} ms`);
    expect(await text("/openings")).not.toContain(closedRole);

    const problems: string[] = [];
    for (const width of [1280, 390]) {
      const visit = await visitor(browser, width, problems);
      await visit.goto(`${server.origin}/`);
      const calendar = visit.getByRole("region", { name: "School calendar" });
      await expect(calendar.getByRole("listitem").filter({ hasText: holiday })).toContainText("Holiday");
      await calendar.screenshot({ path: test.info().outputPath(`home-calendar-${width}.png`) });
      await visit.goto(`${server.origin}/openings`);
      await expect(visit.getByRole("article", { name: role })).toContainText("Knowledge of library software");
      await expect(visit.getByRole("article", { name: closedRole })).toHaveCount(0);
      await visit.screenshot({ path: test.info().outputPath(`openings-${width}.png`), fullPage: true });
      await visit.context().close();
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
