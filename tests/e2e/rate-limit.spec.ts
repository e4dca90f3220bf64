/**
 * Rate limits (DESIGN.md §6; server/rate-limits.ts): a classroom behind one address
 * reads the site without a single refusal, while form posts and sign-ins from one client IP
 * are refused with HTTP 429 and a plain message once over the strict limit.
 */
import { expect, test } from "@playwright/test";
import { extractJsUrls } from "../../scripts/audit/js-urls";
import { productionEnv, spawnServer, START_TIMEOUT_MS, type SpawnedServer } from "./spawn-server";
import { extraPort } from "./env";

const PORT = extraPort(3);
let server: SpawnedServer;

/** Ten public pages a pupil might open: prerendered, daily and news. */
const PAGES = ["/", "/fee", "/school-in-kharagpur", "/overview", "/admissions-overview", "/faculty", "/gallery", "/contact", "/openings", "/news/cbse-results-2024"];
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36" };

/** Same-origin files a page's HTML makes a browser fetch: scripts and module preloads, styles, icons and pictures (first candidate of each srcset). */
function subresources(html: string, pageUrl: string): string[] {
  const urls = new Set(extractJsUrls(html, pageUrl));
  for (const [, href] of html.matchAll(/<link[^>]+rel="(?:stylesheet|icon)"[^>]*href="([^"]+)"/g)) urls.add(new URL(href!, pageUrl).href);
  for (const [, src] of html.matchAll(/<img[^>]+src="([^"]+)"/g)) urls.add(new URL(src!, pageUrl).href);
  for (const [, srcset] of html.matchAll(/<source[^>]+srcSet="([^"]+)"/gi)) urls.add(new URL(srcset!.split(/\s+/)[0]!, pageUrl).href);
  return [...urls].filter((u) => u.startsWith(new URL(pageUrl).origin));
}

/**
 * One browser: loads each page in turn as a first visit to it would (the HTML, every file it
 * has not fetched before, React Router's route manifest and the analytics beacon). Returns the
 * status of every response.
 */
async function browse(origin: string, browser: number): Promise<number[]> {
  const statuses: number[] = [];
  const cached = new Set<string>();
  const get = async (url: string) => {
    const response = await fetch(url, { headers: BROWSER_HEADERS });
    statuses.push(response.status);
    return response.text();
  };
  for (const path of PAGES) {
    const html = await get(`${origin}${path}`);
    const files = subresources(html, `${origin}${path}`).filter((u) => !cached.has(u));
    for (const u of files) cached.add(u);
    await Promise.all(files.map(get));
    const version = /\/assets\/manifest-([0-9a-f]+)\.js/.exec(html)?.[1] ?? "";
    await get(`${origin}/__manifest?paths=${encodeURIComponent(path)}&version=${version}`);
    const beacon = await fetch(`${origin}/api/track`, {
      method: "POST",
      headers: { ...BROWSER_HEADERS, "content-type": "text/plain;charset=UTF-8", origin },
      body: JSON.stringify({ sid: `crowd-browser-${browser}`, path }),
    });
    statuses.push(beacon.status);
  }
  return statuses;
}

test.describe("rate limits", () => {
  test.describe.configure({ mode: "serial" });
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "server behaviour: once is enough");
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    server = await spawnServer(PORT, { ...productionEnv(PORT), RATE_LIMIT_POSTS: "3" });
  });
  test.afterAll(() => server.stop());

  test("40 browsers behind one address each loading 10 pages within a minute get no refusal", async () => {
    test.setTimeout(90_000);
    const started = Date.now();
    const statuses = (await Promise.all(Array.from({ length: 40 }, (_, i) => browse(server.origin, i)))).flat();
    const seconds = (Date.now() - started) / 1000;
    console.log(`crowd: ${statuses.length} requests from one address in ${seconds.toFixed(1)} s, ${statuses.filter((s) => s === 429).length} refused`);
    expect(seconds).toBeLessThan(60);
    expect(statuses.length).toBeGreaterThan(40 * PAGES.length * 3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect(statuses.filter((s) => s !== 200 && s !== 204)).toEqual([]);
  });

  test("a client hammering posts is refused after the fourth post in 10 minutes with a plain message; reading pages still works", async ({ request }) => {
    const post = () => request.post(`${server.origin}/enquire`, { form: { name: "Rate Limit", phone: "12345", class: "LKG" }, maxRedirects: 0 });
    for (let i = 0; i < 3; i++) expect((await post()).status()).toBe(400);
    const refused = await post();
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toBe("Too many requests. Please wait a few minutes and try again.");
    const hammered = await Promise.all(Array.from({ length: 20 }, () => post()));
    expect(hammered.map((r) => r.status())).toEqual(Array(20).fill(429));
    expect((await request.post(`${server.origin}/admin/login`, { form: { email: "a@b.in", password: "x" } })).status()).toBe(429);
    expect((await request.get(`${server.origin}/overview`)).status()).toBe(200);
    expect((await request.get(`${server.origin}/`)).status()).toBe(200);
  });
});
