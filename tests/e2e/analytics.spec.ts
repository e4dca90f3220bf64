/**
 * Visitor tracking as a browser meets it (SPEC §2 "Each page visit is recorded", §4, §5): with a
 * normal desktop Chrome user agent, three page visits (a first load and two route changes) make
 * three rows with the right page, device, browser and new/returning values; with a bot's user
 * agent nothing is stored, whether the browser or a script sends the beacon. Rows are read
 * through the admin-only JSON endpoint, which refuses anonymous visitors.
 */
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./env";
import { signIn, skipEnquiryAutoOpen } from "./fixtures";

const CHROME_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type Visit = { sessionId: string; visitorIp: string; pageVisited: string; deviceType: string; browser: string; isNewVisitor: boolean; visitCount: number; userAgent: string | null; timestamp: string; isBot: boolean | null };

/** Signs in as the administrator and reads the latest stored visits, polling until `until` holds. */
async function readVisits(page: Page, until: (visits: Visit[]) => boolean): Promise<Visit[]> {
  await signIn(page, E2E_ADMIN);
  let visits: Visit[] = [];
  await expect
    .poll(async () => {
      const response = await page.request.get("/admin/analytics/visits?limit=200");
      expect(response.status()).toBe(200);
      visits = ((await response.json()) as { visits: Visit[] }).visits;
      return until(visits);
    }, { timeout: 10_000 })
    .toBe(true);
  return visits;
}

/** Follows a footer link and waits until the new page's chrome has started, which is when it reports the visit. */
async function followFooterLink(page: Page, name: string, path: string) {
  await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).first().click();
  await expect(page).toHaveURL(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test.describe("visitor tracking", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "one pass is enough: every visit from this machine shares one IP");
  test.describe.configure({ mode: "serial" });

  test.describe("a normal browser", () => {
    test.use({ userAgent: CHROME_UA });

    test("three page visits make three rows: page, device, browser, new then returning", async ({ page }) => {
      await skipEnquiryAutoOpen(page);
      await page.goto("/");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await followFooterLink(page, "Gallery", "/gallery");
      await followFooterLink(page, "Contact", "/contact");
      const sessionId = await page.evaluate(() => localStorage.getItem("kva.analytics.session")?.split(".")[0] ?? "");
      expect(sessionId).toMatch(/^[0-9a-f]{32}$/);

      const visits = await readVisits(page, (v) => v.filter((r) => r.sessionId === sessionId).length >= 3);
      const mine = visits.filter((r) => r.sessionId === sessionId).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
      expect(mine.map((r) => r.pageVisited)).toEqual(["/", "/gallery", "/contact"]);
      for (const r of mine) expect(r).toMatchObject({ deviceType: "desktop", browser: "Chrome", visitorIp: "dev-localhost", isBot: false });
      // The first visit is new unless this machine's IP visited in the last 24 hours (a retry).
      const earlier = visits.filter((r) => r.sessionId !== sessionId && r.visitorIp === "dev-localhost" && r.timestamp < mine[0]!.timestamp);
      expect(mine[0]!.isNewVisitor).toBe(earlier.length === 0);
      expect(mine.slice(1).map((r) => r.isNewVisitor)).toEqual([false, false]);
      expect(mine[2]!.visitCount - mine[1]!.visitCount).toBe(1);
      expect(mine[1]!.visitCount - mine[0]!.visitCount).toBe(1);
      if (earlier.length === 0) expect(mine.map((r) => r.visitCount)).toEqual([1, 2, 3]);
    });
  });

  test.describe("a bot", () => {
    test.use({ userAgent: GOOGLEBOT_UA });

    test("sends nothing from the browser, and a bot's beacon is not stored", async ({ page }) => {
      const beacons: string[] = [];
      page.on("request", (r) => {
        if (r.url().endsWith("/api/track")) beacons.push(r.url());
      });
      await skipEnquiryAutoOpen(page);
      await page.goto("/");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await followFooterLink(page, "Gallery", "/gallery");
      const direct = await page.request.post("/api/track", {
        data: JSON.stringify({ sid: "googlebot-e2e-session", path: "/" }),
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": GOOGLEBOT_UA },
      });
      expect(direct.status()).toBe(204);
      expect(beacons).toEqual([]);
      // A human beacon sent after the bot's proves the queue has processed the bot's.
      const marker = await page.request.post("/api/track", {
        data: JSON.stringify({ sid: "e2e-marker-after-bot", path: "/marker" }),
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA },
      });
      expect(marker.status()).toBe(204);
      const visits = await readVisits(page, (v) => v.some((r) => r.sessionId === "e2e-marker-after-bot"));
      expect(visits.filter((r) => r.sessionId === "googlebot-e2e-session" || (r.userAgent ?? "").includes("Googlebot"))).toEqual([]);
    });
  });

  test("the visits endpoint sends anonymous visitors to the login screen", async ({ request }) => {
    const response = await request.get("/admin/analytics/visits", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toMatch(/^\/admin\/login\?redirectTo=/);
  });

  test("the beacon endpoint answers bad bodies with the SPEC message, refuses other sites and reads nothing back", async ({ request }) => {
    const post = (data: string, headers: Record<string, string> = {}) =>
      request.post("/api/track", { data, headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA, ...headers } });
    const broken = await post("{");
    expect(broken.status()).toBe(400);
    expect(await broken.text()).toMatch(/^Validation failed: /);
    const large = await post(JSON.stringify({ sid: "e2e-large", path: "/", ref: "x".repeat(20_000) }));
    expect(large.status()).toBe(413);
    expect((await post(JSON.stringify({ sid: "e2e-cross-site", path: "/" }), { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" })).status()).toBe(403);
    const read = await request.get("/api/track", { maxRedirects: 0 });
    expect(read.status()).toBe(301);
    expect(read.headers().location).toBe("/");
  });
});
