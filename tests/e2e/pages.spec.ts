/**
 * The public pages of SPEC §2 as a parent and a search engine meet them: every built page and
 * news article (status, final URL, <h1>, title, canonical URL from PUBLIC_SITE_URL, JSON-LD),
 * every legacy redirect (one 301, query string kept), and the behaviour of the pages with
 * something to do (landing page, contact, fee, disclosure, brochure, gallery, openings).
 */
import { expect, test, type Page } from "@playwright/test";
import { pages } from "../../content/pages";
import { school } from "../../content/school";
import { servedAreas } from "../../content/landing";
import { openingsSeed as openings } from "../../content/seed/openings";
import { builtPages } from "../../app/page-routes";
import { redirectGroups } from "../../app/features/content/redirects";
import { academicYear, kolkataDate } from "../../app/lib/dates";
import { E2E_PORT } from "./env";

const origin = `http://localhost:${E2E_PORT}`;
const isDesktop = ({ viewport }: { viewport: { width: number } | null }) => (viewport?.width ?? 0) >= 500;

/** Parsed JSON-LD nodes of the page (every @graph flattened). */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as { "@graph"?: Record<string, unknown>[] };
    return data["@graph"] ?? [data];
  });
}

const news = [
  { path: "/news/cbse-results-2024", h1: `CBSE Class X and XII results 2024: ${school.figures.cbseResults} pass` },
  { path: "/news/annual-sports-meet-2026", h1: "Annual Sports Meet on Saturday, 12 December" },
  { path: "/news/science-exhibition-2026", h1: "Middle School science exhibition lights up Children's Day" },
  { path: "/news/admissions-open-2027-28", h1: "Admissions open for session 2027–28" },
];

const built = [
  { path: "/", h1: school.name, title: `${school.name} – CBSE School in Kharagpur, Nursery to Class XII`, types: ["School", "Organization"] },
  ...pages
    .filter((p) => builtPages[p.path])
    .map((p) => ({ path: p.path, h1: p.title, title: `${p.title} | ${school.name}`, types: ["BreadcrumbList"] })),
  ...news.map((n) => ({ path: n.path, h1: n.h1, title: `${n.h1} | ${school.name}`, types: ["BreadcrumbList", "NewsArticle"] })),
];

test.describe("every built public page", () => {
  test.skip(({ viewport }) => !isDesktop({ viewport }), "server behaviour: once is enough");

  for (const p of built) {
    test(`${p.path}: 200, <h1>, title, canonical from PUBLIC_SITE_URL and JSON-LD`, async ({ request, page }) => {
      const response = await request.get(p.path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      await page.goto(p.path);
      expect(new URL(page.url()).pathname).toBe(p.path);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toContainText(p.h1);
      await expect(page).toHaveTitle(p.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}${p.path}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}${p.path}`);
      const nodes = await jsonLd(page);
      expect(nodes.map((n) => n["@type"])).toEqual(expect.arrayContaining(p.types));
      if (p.path !== "/") {
        await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" })).toBeVisible();
      }
      // Every picture says what it shows (or is marked decorative) and has its size.
      for (const img of await page.locator("main img").all()) {
        expect(await img.getAttribute("alt"), await img.getAttribute("src") ?? "").not.toBeNull();
        expect(await img.getAttribute("width")).toMatch(/^\d+$/);
        expect(await img.getAttribute("height")).toMatch(/^\d+$/);
      }
    });
  }

  test("pages are rendered for today in India and the published content, served from memory with the site URL, and validate with their ETag", async ({ request }) => {
    const today = kolkataDate(new Date());
    for (const path of ["/", "/overview", "/fee", "/school-in-kharagpur", "/openings", "/news/cbse-results-2024"]) {
      const response = await request.get(path);
      expect(response.headers()["x-rendered-for"], path).toMatch(new RegExp(`^${today}; content \\d+\\.\\d+$`));
      expect(response.headers()["cache-control"], path).toBe("no-cache");
      expect(await response.text(), path).toContain(`<link rel="canonical" href="${origin}${path}"/>`);
      const etag = response.headers()["etag"]!;
      expect((await request.get(path, { headers: { "if-none-match": etag } })).status(), path).toBe(304);
      expect((await request.get(path)).headers()["etag"], path).toBe(etag);
      const data = await request.get(`${path === "/" ? "/_root" : path}.data`);
      expect(data.status()).toBe(200);
    }
  });

  test("unknown news articles go home with one 301 that keeps the query string", async ({ request }) => {
    const response = await request.get("/news/no-such-article?utm_source=whatsapp", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/?utm_source=whatsapp");
  });
});

test.describe("legacy redirects (SPEC §2)", () => {
  test.skip(({ viewport }) => !isDesktop({ viewport }), "server behaviour: once is enough");

  test("every exact entry of the table answers one 301 to its page, keeping the query string", async ({ request }) => {
    let count = 0;
    for (const group of redirectGroups) {
      for (const path of group.paths) {
        const response = await request.get(`${path}?ref=old-site`, { maxRedirects: 0 });
        expect(response.status(), path).toBe(301);
        expect(response.headers().location, path).toBe(`${group.target}?ref=old-site`);
        count++;
      }
    }
    expect(count).toBeGreaterThan(200);
  });

  const samples: [string, string][] = [
    ["/best-school-in-kolkata", "/school-in-kharagpur"],
    ["/Top-Schools/", "/school-in-kharagpur"],
    ["/admission-form.pdf", "/apply"],
    ["/Admission_Procedure.php", "/admissions-overview"],
    ["/fee-structure.html", "/fee"],
    ["/prospectus.pdf", "/school-brochure"],
    ["/infrastructure", "/facilities"],
    ["/class-xi-stream", "/curriculum"],
    ["/transfer-certificate", "/mandatory-disclosure"],
    ["/alumni", "/achievements"],
    ["/co-ordinators", "/faculty"],
    ["/contact-us", "/contact"],
    ["/privacy-policy", "/app-privacy-policy"],
    ["/child-protection", "/overview"],
    ["/virtual-tour", "/gallery"],
    ["/Chairman_Message", "/chairman"],
    ["/blog/our-new-lab", "/"],
    ["/index.php/admissions", "/"],
    ["/no-such-page", "/"],
    ["/Overview/", "/overview"],
    ["/contact.html", "/contact"],
  ];
  for (const [from, to] of samples) {
    test(`${from} → ${to}: one 301, then the page`, async ({ request, page }) => {
      const response = await request.get(`${from}?utm_source=test`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(`${to}?utm_source=test`);
      const final = await request.get(response.headers().location!, { maxRedirects: 0 });
      expect(final.status(), "no chain").toBe(200);
      await page.goto(from);
      expect(new URL(page.url()).pathname).toBe(to);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}${to}`);
      // /apply is a form (no JSON-LD); every content page has some.
      if (to !== "/apply") expect((await jsonLd(page)).length).toBeGreaterThan(0);
    });
  }

  test("in-app navigation to a legacy path never leaves the old path in the history", async ({ page }) => {
    // A page that hydrates React (the pages kept in memory do not): /apply, once the parent starts on its form.
    await page.goto("/apply");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Child's full name").focus();
    await page.locator('html[data-react="hydrated"]').waitFor({ state: "attached" });
    const before = await page.evaluate(() => window.history.length);
    // As a form's redirect to an old address would: a client-side navigation, no page load.
    await page.evaluate(async () => {
      const w = window as unknown as { __reactRouterDataRouter?: { navigate: (to: string) => Promise<void> } };
      await w.__reactRouterDataRouter?.navigate("/contact-us");
    });
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator("h1")).toHaveText("Contact Us");
    // The legacy path is replaced by /contact: one new entry, and Back returns to /apply.
    expect(await page.evaluate(() => window.history.length)).toBe(before + 1);
    await page.goBack();
    await expect(page).toHaveURL(/\/apply$/);
  });
});

test.describe("landing page /school-in-kharagpur", () => {
  test("has the SPEC's hero, achievements, testimonials, 16 areas, FAQ and the academic-year call to action", async ({ page }) => {
    await page.goto("/school-in-kharagpur");
    await expect(page.getByText("#1 RANKED", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Apply Now" }).first()).toHaveAttribute("href", "/apply");
    const call = page.getByRole("link", { name: "Call Now" }).first();
    await expect(call).toHaveAttribute("href", "/enquire");
    await expect(call).toHaveAttribute("data-open-enquiry", "");
    for (const text of ["2000+", "Happy Students", "100%", "CBSE Results", "4.9", "Parent Rating", "#1", "Ranking"]) {
      await expect(page.locator("#achievements-title + dl")).toContainText(text);
    }
    await expect(page.getByRole("img", { name: "5 out of 5 stars" })).toHaveCount(3);
    const areas = page.locator("section[aria-labelledby=areas-title] li");
    await expect(areas).toHaveCount(16);
    await expect(areas).toHaveText(servedAreas);
    await expect(page.getByRole("heading", { name: `Limited seats for the academic year ${academicYear(new Date()).label}` })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
    const types = (await jsonLd(page)).map((n) => n["@type"]);
    expect(types).toEqual(expect.arrayContaining(["School", "FAQPage", "BreadcrumbList"]));
    const visit = page.locator("section[aria-labelledby=visit-title]");
    await expect(visit).toContainText(school.address.postalCode);
    await expect(visit.getByRole("link", { name: school.phones[0]!.display })).toHaveAttribute("href", `tel:${school.phones[0]!.e164}`);
    await expect(visit.getByRole("link", { name: school.emails[0]! })).toBeVisible();
  });
});

test.describe("pages with something to do", () => {
  test("home hero: the slideshow moves every 6 s, by Next and by its dots, and stops on Pause", async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem("kva.enquiry.shown", "1"));
    await page.clock.install();
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.mouse.move(1, 1);
    const slides = page.locator('[aria-roledescription="slide"]');
    const shown = () => slides.evaluateAll((all) => all.findIndex((s) => !s.hasAttribute("inert")));
    expect(await slides.count()).toBeGreaterThan(2);
    expect(await shown()).toBe(0);
    await page.clock.runFor(6_000);
    await expect.poll(shown).toBe(1);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(shown).toBe(2);
    await page.getByRole("button", { name: /^Slide 1:/ }).click();
    await expect.poll(shown).toBe(0);
    await expect(page.getByRole("button", { name: /^Slide 1:/ })).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await page.mouse.move(1, 1);
    await page.clock.runFor(12_000);
    expect(await shown()).toBe(0);
  });

  test("contact: tel:, mailto:, WhatsApp and map links, and the enquiry trigger", async ({ page }) => {
    await page.goto("/contact");
    for (const p of school.phones) await expect(page.locator(`main a[href="tel:${p.e164}"]`).first()).toBeVisible();
    for (const e of school.emails) await expect(page.locator(`main a[href="mailto:${e}"]`)).toBeVisible();
    await expect(page.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", school.social.whatsapp);
    await expect(page.getByRole("link", { name: /Open in Google Maps/ })).toHaveAttribute("href", /google\.com\/maps/);
    await expect(page.getByRole("link", { name: "Send an enquiry" })).toHaveAttribute("data-open-enquiry", "");
    await expect(page.locator("main")).toContainText(`${school.hours.days}, ${school.hours.open} – ${school.hours.close}`);
  });

  test("fee: a production site without a fee book says whom to call, and shows the age criteria of the open session", async ({ page }) => {
    // The fees are the fee book's (tests/e2e/fees.spec.ts shows them on a development server, which has the sample book).
    await page.goto("/fee");
    const office = school.phones.find((p) => p.label === "School office")!;
    await expect(page.getByText("The fees for session 2027–28 are not published here yet. Please call the school office on")).toBeVisible();
    await expect(page.locator(`main a[href="tel:${office.e164}"]`)).toHaveText(office.display);
    await expect(page.getByRole("region", { name: "Fee structure table" })).toHaveCount(0);
    await expect(page.getByText("Age as on 31 March 2027.")).toBeVisible();
    for (const [cls, age] of [["Nursery", 3], ["LKG", 4], ["UKG", 5], ["Class 1", 6]] as const) {
      await expect(page.getByRole("row", { name: new RegExp(`^${cls} ${age}\\+ years`) })).toBeVisible();
    }
    await expect(page.getByRole("row", { name: /^Nursery 3\+ years/ })).toContainText("1 Apr 2023 and 31 Mar 2024");
    await expect(page.getByText("Application fee, paid with the online form")).toBeVisible();
  });

  test("mandatory disclosure: sections A to E and working document links", async ({ page, request }) => {
    await page.goto("/mandatory-disclosure");
    for (const title of ["General information", "Documents and information", "Result and academics", "Staff (teaching)", "School infrastructure"]) {
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(title.replace(/[()]/g, "\\$&")) })).toBeVisible();
    }
    const links = await page.getByRole("region", { name: "Documents table" }).locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(links).toHaveLength(8);
    for (const href of links) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
    }
    await expect(page.getByRole("heading", { name: "Result of Class X", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Result of Class XII", exact: true })).toBeVisible();
  });

  test("brochure: the download is a PDF", async ({ page, request }) => {
    await page.goto("/school-brochure");
    const link = page.getByRole("link", { name: /Download the brochure \(PDF, \d+ KB\)/ });
    const href = await link.getAttribute("href");
    const response = await request.get(href!);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("openings: role, subject, qualification, how to apply and closing date", async ({ page }) => {
    await page.goto("/openings");
    const today = kolkataDate(new Date());
    const open = openings.filter((o) => o.closingDate >= today);
    await expect(page.locator("main article")).toHaveCount(open.length);
    const first = page.locator("main article").first();
    for (const label of ["Subject", "Qualification", "How to apply", "Closing date"]) await expect(first.getByText(label, { exact: true })).toBeVisible();
  });

  test("gallery: lazy pictures, and a lightbox that opens, moves and closes with focus returned", async ({ page }) => {
    await page.goto("/gallery");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const thumbs = page.locator("main ul a[aria-haspopup=dialog]");
    expect(await thumbs.count()).toBeGreaterThanOrEqual(12);
    await expect(page.locator("main ul a[aria-haspopup=dialog] img").first()).toHaveAttribute("loading", "lazy");
    // The seeded Annual Day album (three pictures): other specs publish albums of their own on this server.
    const first = page.locator("main section").filter({ has: page.getByRole("heading", { name: "Annual Day", exact: true }) }).locator("a[aria-haspopup=dialog]").first();
    await first.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toContainText("picture 1 of 3");
    await dialog.getByRole("button", { name: "Next picture" }).click();
    await expect(dialog.getByRole("heading")).toContainText("picture 2 of 3");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByRole("heading")).toContainText("picture 1 of 3");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
  });
});
