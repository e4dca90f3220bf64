/**
 * The site chrome of SPEC §2 ("Header and menu", "Footer", "Other widgets") as a parent meets
 * it, at 1280 px ("desktop" project) and 390 px ("mobile" project).
 */
import { openHydrated, skipEnquiryAutoOpen } from "./fixtures";
import { expect, test, type Page } from "@playwright/test";
import { school } from "../../content/school";
import { menuGroups, quickLinks, resourceLinks } from "../../content/navigation";

test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 500;

/** Top edge of an element relative to the viewport, in px. */
function topOf(page: Page, selector: string): () => Promise<number> {
  return () => page.locator(selector).evaluate((el) => el.getBoundingClientRect().top);
}

test.describe("header", () => {
  test("shows the school name, affiliation number, school code and the two buttons", async ({ page }) => {
    await openHydrated(page, "/");
    const header = page.locator("header").first();
    await expect(header).toContainText(school.name);
    await expect(header).toContainText(`CBSE Affiliation No. ${school.affiliationNo}`);
    await expect(header).toContainText(`School Code ${school.schoolCode}`);
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    if (isMobile(page)) {
      await expect(header.getByRole("link", { name: "Apply Now" })).toBeHidden();
      return;
    }
    await header.getByRole("link", { name: "Apply Now" }).click();
    await expect(page).toHaveURL(/\/apply$/);
    await page.locator("header").first().getByRole("link", { name: "Mandatory Disclosure" }).click();
    await expect(page).toHaveURL(/\/mandatory-disclosure$/);
  });

  test("section links scroll to the home section with a 72 px offset, from home and from elsewhere", async ({ page }) => {
    test.skip(isMobile(page), "the section links are a desktop navigation");
    await page.setViewportSize({ width: 1440, height: 900 });
    await openHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Sections" });
    await expect(nav.getByRole("link")).toHaveText(["Inspire", "Empower", "Transform", "Achieve"]);

    await nav.getByRole("link", { name: "Transform" }).click();
    await expect.poll(topOf(page, "#transform")).toBeCloseTo(72, 0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

    await openHydrated(page, "/overview");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Empower" }).click();
    await expect(page).toHaveURL(/\/#empower$/);
    await expect.poll(topOf(page, "#empower")).toBeCloseTo(72, 0);
  });
});

test.describe("side menu", () => {
  test("opens as a dialog with the SPEC groups, one open at a time, and closes with Escape", async ({ page }) => {
    await openHydrated(page, "/");
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();

    const groupButtons = menu.locator("button[aria-expanded]");
    await expect(groupButtons).toHaveText(menuGroups.map((g) => g.label));
    await expect(groupButtons.first()).toHaveText("WHO WE ARE");

    const admission = menu.getByRole("button", { name: "ADMISSION" });
    const academics = menu.getByRole("button", { name: "ACADEMICS" });
    await admission.click();
    await expect(admission).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Apply Now" }).first()).toBeVisible();
    await academics.click();
    await expect(academics).toHaveAttribute("aria-expanded", "true");
    await expect(admission).toHaveAttribute("aria-expanded", "false");
    await expect(menu.locator("button[aria-expanded=true]")).toHaveCount(1);
    await expect(menu.getByRole("link", { name: "Pay Fee" })).toBeHidden();

    // Apply Now and Pay Fee are highlighted within ADMISSION.
    await admission.click();
    const applyBg = await menu.locator("ul ul").getByRole("link", { name: "Apply Now" }).evaluate((el) => getComputedStyle(el).backgroundColor);
    const plainBg = await menu.getByRole("link", { name: "Guidelines" }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(applyBg).not.toBe(plainBg);

    // Small screens also get the Apply Now and Mandatory Disclosure buttons.
    const extra = menu.getByRole("link", { name: "Mandatory Disclosure" });
    if (isMobile(page)) await expect(extra).toBeVisible();
    else await expect(extra).toBeHidden();

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("keeps keyboard focus inside while open", async ({ page }) => {
    await openHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body || !!active.closest("dialog[open]");
      });
      expect(inside).toBe(true);
    }
  });

  test("a menu link navigates and closes the menu", async ({ page }) => {
    await openHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("button", { name: "CAREERS" }).click();
    await menu.getByRole("link", { name: "Current Openings" }).click();
    await expect(page).toHaveURL(/\/openings$/);
    await expect(menu).toBeHidden();
    await expect(page.locator("h1")).toHaveText("Current Openings");
  });
});

test.describe("footer", () => {
  test("has the first six quick links, the resources, contact block, social links and app badges", async ({ page }) => {
    await openHydrated(page, "/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link")).toHaveText(
      quickLinks.slice(0, 6).map((l) => l.label),
    );
    await expect(footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link")).toHaveText([
      "About Us", "Admissions", "Payment Portal", "Receipt Download", "Academics", "Infrastructure",
    ]);
    await expect(footer.getByRole("navigation", { name: "Resources" }).getByRole("link")).toHaveText(resourceLinks.map((l) => l.label));
    await expect(footer).toContainText("Sadatpur, Kharagpur, 721301 West Bengal");
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(2);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(2);
    await expect(footer).toContainText("Mon-Sat 8:00 AM-2:00 PM");
    for (const name of ["Facebook", "Instagram", "YouTube", "WhatsApp"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", /^https:\/\//);
    }
    await expect(footer.getByRole("link", { name: /Google Play/ })).toBeVisible();
    await expect(footer.getByRole("link", { name: /App Store/ })).toBeVisible();
  });

  test("a footer link navigates and scrolls to the top", async ({ page }) => {
    await openHydrated(page, "/");
    await page.locator("footer").getByRole("link", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("floating buttons and widgets", () => {
  test("Pay Fee expands on first hover, stays expanded and goes to the payment portal", async ({ page }) => {
    test.skip(isMobile(page), "hover is a pointer interaction");
    await openHydrated(page, "/");
    const payFee = page.getByRole("link", { name: "Pay Fee" });
    await expect(payFee).toHaveAttribute("data-expanded", "false");
    const collapsed = (await payFee.boundingBox())!.width;
    await payFee.hover();
    await expect(payFee).toHaveAttribute("data-expanded", "true");
    await page.mouse.move(640, 300);
    await expect(payFee).toHaveAttribute("data-expanded", "true");
    await expect.poll(async () => (await payFee.boundingBox())!.width).toBeGreaterThan(collapsed + 20);
    expect((await payFee.boundingBox())!.x).toBeLessThan(40);
    await payFee.click();
    await expect(page).toHaveURL(/\/payment-portal$/);
  });

  test("Enquire Now shakes 5 s after load and every 30 s for 800 ms, only while the form is closed", async ({ page }) => {
    // A paused clock: time moves only when the test says so. Not the home page, where the
    // form opens by itself at 5 s.
    await page.clock.install({ time: new Date("2026-11-21T10:00:00+05:30") });
    await page.clock.pauseAt(new Date("2026-11-21T10:00:01+05:30"));
    await openHydrated(page, "/overview");
    const enquire = page.getByRole("button", { name: "Enquire Now" });
    await expect(enquire).toHaveAttribute("data-shaking", "false");
    await page.clock.runFor(4_900);
    await expect(enquire).toHaveAttribute("data-shaking", "false");
    await page.clock.runFor(100);
    await expect(enquire).toHaveAttribute("data-shaking", "true");
    await page.clock.runFor(799);
    await expect(enquire).toHaveAttribute("data-shaking", "true");
    await page.clock.runFor(1);
    await expect(enquire).toHaveAttribute("data-shaking", "false");
    await page.clock.runFor(30_000 - 5_800);
    await expect(enquire).toHaveAttribute("data-shaking", "true");
    await page.clock.runFor(800);
    await expect(enquire).toHaveAttribute("data-shaking", "false");

    // Open: the 60 s and 90 s shakes do not happen.
    await enquire.click();
    const dialog = page.getByRole("dialog", { name: "Enquire Now" });
    await expect(dialog).toBeVisible();
    await page.clock.runFor(30_000);
    await expect(enquire).toHaveAttribute("data-shaking", "false");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(enquire).toBeFocused();
  });

  test("Enquire Now does not shake for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await openHydrated(page, "/");
    await page.clock.runFor(5_100);
    await expect(page.getByRole("button", { name: "Enquire Now" })).toHaveAttribute("data-shaking", "false");
  });

  test("back-to-top appears after 300 px and returns to the top; the reading bar follows the scroll", async ({ page }) => {
    await openHydrated(page, "/");
    const back = page.getByRole("button", { name: "Back to top" });
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(back).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 301));
    await expect(back).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.getByTestId("reading-progress").evaluate((el) => el.style.transform)).toBe("scaleX(1)");

    await back.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(back).toBeHidden();
    await expect.poll(() => page.getByTestId("reading-progress").evaluate((el) => el.style.transform)).toBe("scaleX(0)");
  });

  test("a followed link shows the loading indicator; the next page fades in over 300 ms and opens at its top", async ({ page }) => {
    // Every public page is a document of its own: the fade is a cross-document view transition.
    await page.addInitScript(() => {
      addEventListener("pagereveal", (event) => {
        const transition = (event as Event & { viewTransition: ViewTransition | null }).viewTransition;
        const w = window as unknown as { fade?: number[] | null };
        w.fade = null;
        void transition?.ready.then(() => {
          w.fade = document.getAnimations().flatMap((a) => ((a.effect as KeyframeEffect | null)?.pseudoElement?.startsWith("::view-transition") ? [Number(a.effect!.getTiming().duration)] : []));
        });
      });
    });
    await openHydrated(page, "/");
    // The page a visitor lands on is painted at once: a fade would delay its LCP.
    expect(await page.evaluate(() => (window as unknown as { fade?: number[] | null }).fade ?? null)).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 600));
    // The indicator shows as the link is followed, while the next page is on its way.
    const status = await page.locator("footer").getByRole("link", { name: "Academics" }).evaluate((a) => {
      (a as HTMLAnchorElement).click();
      return document.querySelector('[role="status"][aria-live]')!.textContent;
    });
    expect(status).toContain("Loading");
    await expect(page).toHaveURL(/\/curriculum$/);
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.getByRole("status")).not.toContainText("Loading");
    await expect.poll(() => page.evaluate(() => (window as unknown as { fade?: number[] | null }).fade)).toContain(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a menu link opens its page at the top", async ({ page }) => {
    await openHydrated(page, "/");
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("button", { name: "WHO WE ARE" }).click();
    await menu.getByRole("link", { name: "Overview" }).click();
    await expect(page).toHaveURL(/\/overview$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("keyboard focus is visible on controls", async ({ page }) => {
  await openHydrated(page, "/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeInViewport();
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement!);
    return `${s.outlineStyle} ${s.outlineWidth}`;
  });
  expect(outline).toBe("solid 3px");
});
