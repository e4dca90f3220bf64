/** Every route of SPEC §2 resolves to a page or a redirect; errors and headers behave. */
import { createHash } from "node:crypto";
import { skipEnquiryAutoOpen } from "./fixtures";
import { expect, test } from "@playwright/test";
import { pages } from "../../content/pages";

test.beforeEach(({ page }) => skipEnquiryAutoOpen(page));

const dynamicSamples = [
  "/news/annual-sports-meet-2026",
  "/payment-success",
  "/payment-failure",
];

/** SPEC §2 pages that are not public on a production server: payments.spec.ts covers them. */
const notPublic = new Set(["/icici-debug", "/mock-payment"]);
/** SPEC §2 pages that are another page's second URL: one canonical URL, the other a 301. */
const sameScreen: Record<string, string> = { "/fee-payment": "/fees" };

test.describe("routes", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "server behaviour: once is enough");

  for (const path of ["/", ...pages.map((p) => p.path).filter((p) => !notPublic.has(p) && !(p in sameScreen)), ...dynamicSamples]) {
    test(`${path} answers 200 with one <h1>, a title and a canonical URL`, async ({ request, page }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      await page.goto(path);
      await expect(page.locator("h1")).toHaveCount(1);
      expect(await page.title()).not.toBe("");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http:\/\/localhost:\d+\//);
    });
  }

  for (const [path, canonical] of Object.entries(sameScreen)) {
    test(`${path} is a 301 to ${canonical}, keeping the query string`, async ({ request }) => {
      const response = await request.get(`${path}?from=menu`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(`${canonical}?from=menu`);
    });
  }
  test("/admissions/retry-payment/{unknown id} answers 404 with one <h1> that says so, a title and a canonical URL", async ({ request, page }) => {
    const path = "/admissions/retry-payment/3f1c9a7e-2b4d-4c1e-9a55-0d2f8e6b7a10";
    expect((await request.get(path, { maxRedirects: 0 })).status()).toBe(404);
    await page.goto(path);
    await expect(page.locator("h1")).toHaveText("We could not find this application");
    expect(await page.title()).not.toBe("");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http:\/\/localhost:\d+\//);
  });

  test("/verify-receipt/{unknown code} answers 404 with one <h1> that says so, a title and a canonical URL", async ({ request, page }) => {
    expect((await request.get("/verify-receipt/9c2e4b1a7d", { maxRedirects: 0 })).status()).toBe(404);
    await page.goto("/verify-receipt/9c2e4b1a7d");
    await expect(page.locator("h1")).toHaveText("We could not find a receipt for this code");
    expect(await page.title()).not.toBe("");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^http:\/\/localhost:\d+\//);
  });

  test("the payment result pages say exactly what SPEC §2 says", async ({ page }) => {
    await page.goto("/payment-success");
    await expect(page.locator("h1")).toHaveText("Payment Successful!");
    await expect(page.getByText("Your fee payment has been processed successfully.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Fee Payment" }).click();
    // /fee-payment is the same screen as /fees, whose URL is the canonical one (a 301).
    await expect(page).toHaveURL(/\/fees$/);

    await page.goto("/payment-failure");
    await expect(page.locator("h1")).toHaveText("Payment Failed!");
    await expect(page.getByText("Your payment could not be processed. Please try again.")).toBeVisible();
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/fees$/);
  });

  test("unknown paths go to the home page with one 301 that keeps the query string", async ({ request, page }) => {
    const response = await request.get("/no-such-page?x=1", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/?x=1");
    await page.goto("/some/unknown/path");
    await expect(page).toHaveURL(/\/$/);
  });

  test("/admin/* answers with a page that is not indexed", async ({ page }) => {
    const response = await page.goto("/admin/anything");
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("a crashed page shows the generic error screen with a working Refresh Page button", async ({ page }) => {
    // A page that hydrates (the sign-in page) whose form's answer arrives broken.
    await page.goto("/admin/login");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.route("**/admin/login.data*", (route) => route.fulfill({ status: 500, contentType: "text/x-script", body: "broken" }));
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("We apologize for the inconvenience. Please try refreshing the page.")).toBeVisible();
    await page.unroute("**/admin/login.data*");
    await page.getByRole("button", { name: "Refresh Page" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("a form sent as a document from a page without React: its button says so, a second press sends nothing, the answer keeps what was typed", async ({ page }) => {
    await page.goto("/receipt-download");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The answer is held 500 ms; a second post would be counted.
    let posts = 0;
    await page.route("**/receipt-download", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.getByLabel("Receipt number").fill("KVA/2026-27/000001");
    await page.getByLabel("Admission number", { exact: true }).fill("SAMPLE/NOBODY");
    // While the navigation is pending the page cannot be asked from here, so the page notes what
    // it shows 100 ms after the press (in the tab's session storage) and presses again.
    await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>("main form")!;
      form.addEventListener(
        "submit",
        () =>
          setTimeout(() => {
            const button = form.querySelector("button")!;
            sessionStorage.setItem("seen", JSON.stringify({ text: button.textContent, disabled: button.disabled, loading: document.querySelector("[data-loading]") !== null }));
            form.requestSubmit();
          }, 100),
        { once: true },
      );
    });
    await page.getByRole("button", { name: "Find receipt" }).click();
    await expect(page.getByRole("alert")).toHaveText("We could not find a receipt with these details. Check the receipt number and the other detail, and try again.");
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("seen"))) ?? "null")).toEqual({ text: "Finding...", disabled: true, loading: true });
    expect(posts).toBe(1);
    await expect(page.getByLabel("Receipt number")).toHaveValue("KVA/2026-27/000001");
    await expect(page.getByRole("button", { name: "Find receipt" })).toBeEnabled();
  });

  test("security headers: pages rendered per response carry a fresh nonce, no unsafe-inline scripts, no framing, nosniff, referrer policy", async ({ request }) => {
    // /apply (the application form) is rendered on each request.
    const response = await request.get("/apply", { headers: { "accept-encoding": "gzip" } });
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src "))!;
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["content-encoding"]).toBe("gzip");
    // Every inline script carries this response's nonce (JSON-LD is data, not script).
    const nonce = scriptSrc.match(/'nonce-([^']+)'/)![1];
    const body = await response.text();
    const inline = [...body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    // A second response gets a different nonce.
    const again = (await request.get("/apply")).headers()["content-security-policy"];
    expect(again).not.toBe(csp);
  });

  test("pages rendered per response whose route needs no React load only the chrome script, with this response's nonce; forms keep React", async ({ page, request }) => {
    for (const path of ["/payment-success", "/payment-failure", "/payment-pending", "/payment-on-hold", "/payment-portal", "/fees", "/bus-fee-payment", "/receipt-download", "/admissions/status"]) {
      const response = await request.get(path);
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")![1];
      const body = await response.text();
      expect(body, path).not.toContain("__reactRouter");
      expect(body, path).not.toContain("modulepreload");
      const inline = [...body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(inline, path).toHaveLength(1);
      expect(inline[0]![1], path).toContain(`nonce="${nonce}"`);
      expect(inline[0]![2], path).toMatch(/await import\("\/assets\/[^"]+\.js"\);$/);
    }
    expect(await (await request.get("/apply")).text()).toContain("__reactRouterRouteModules");
    // The chrome runs there as on any public page: its menu opens.
    await page.goto("/payment-success");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  });

  test("security headers: pages served from memory allow exactly their inline script (the chrome's start) by hash, with the same other headers", async ({ request }) => {
    for (const path of ["/", "/fee", "/school-in-kharagpur", "/openings"]) {
      const response = await request.get(path, { headers: { "accept-encoding": "br, gzip" } });
      const headers = response.headers();
      expect(headers["content-encoding"], path).toBe("br");
      expect(headers["vary"], path).toContain("Accept-Encoding");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"], path).toBe("DENY");
      const csp = headers["content-security-policy"] ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("script-src-attr 'none'");
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src "))!;
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      expect(scriptSrc, path).not.toContain("nonce-");
      const allowed = new Set([...scriptSrc.matchAll(/'(sha256-[A-Za-z0-9+/=]+)'/g)].map((m) => m[1]));
      const body = await response.text();
      expect(body, path).not.toContain(" nonce=");
      // No React: only the chrome script's start, imported after the first paint.
      expect(body, path).not.toContain("__reactRouter");
      const inline = [...body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline, path).toHaveLength(1);
      expect(inline[0], path).toMatch(/await import\("\/assets\/[^"]+\.js"\);$/);
      expect(new Set(inline.map((script) => `sha256-${createHash("sha256").update(script, "utf8").digest("base64")}`)), path).toEqual(allowed);
    }
  });

  test("hashed assets are cached for a year; /healthz reports the database", async ({ request }) => {
    // From the served HTML: the chrome script the page imports (app/lib/without-react.ts).
    const html = await (await request.get("/")).text();
    const asset = /\bimport\("([^"]+)"\)/.exec(html)?.[1];
    expect(asset).toMatch(/^\/assets\//);
    const response = await request.get(asset!);
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["cache-control"]).toContain("immutable");
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });
  });

  test("cross-site form posts are refused", async ({ request }) => {
    const response = await request.post("/contact", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      form: { name: "x" },
    });
    expect(response.status()).toBe(403);
  });
});

test.describe("crawlers", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 500, "server behaviour: once is enough");

  test("robots.txt allows the site, keeps crawlers out of /admin and /api and names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api"]));
    expect(lines).toContain(`Sitemap: http://localhost:${new URL(response.url()).port}/sitemap.xml`);
  });

  test("sitemap.xml lists the home page, the public pages and news with lastmod, not payment steps", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(expect.arrayContaining(["/", "/overview", "/fee", "/mandatory-disclosure", "/school-in-kharagpur", "/news/cbse-results-2024", "/news/annual-sports-meet-2026"]));
    expect(locs).not.toContain("/mock-payment");
    expect(new Set(locs).size).toBe(locs.length);
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
    for (const url of urls) expect(url).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });
});
