import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { CHROME_SOURCE, chooseEncoding, chromeScriptSrc, createPageCache, encodePage, onceForCachedPages, type RenderPage } from "./page-cache";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** A clock the test moves by hand. */
function clock(iso: string) {
  let now = new Date(iso);
  return { now: () => now, set: (next: string) => (now = new Date(next)) };
}

/** A renderer that records what it was asked and answers a page naming the IST date of `now`. */
function recordingRender(status = 200) {
  const calls: { path: string; now: Date }[] = [];
  const render: RenderPage = async (path, { now, token }) => {
    calls.push({ path, now });
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(now);
    return new Response(`<html><body>${path} for ${day}<script nonce="${token}">go("${day}")</script></body></html>`, { status });
  };
  return { render, calls };
}

describe("encodePage", () => {
  it("keeps identity, gzip and Brotli bodies of the same text, an ETag and the marked scripts' hashes", async () => {
    const page = await encodePage(`<p>₹ 1,200</p><script nonce="tok">x()</script>`, "tok", ["X-Prerendered", "1"]);
    expect(page.bodies.identity.toString()).toBe("<p>₹ 1,200</p><script>x()</script>");
    expect(gunzipSync(page.bodies.gzip).toString()).toBe(page.bodies.identity.toString());
    expect(brotliDecompressSync(page.bodies.br).toString()).toBe(page.bodies.identity.toString());
    expect(page.scriptHashes).toEqual([sha("x()")]);
    expect(page.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(page.type).toBe("text/html; charset=utf-8");
  });

  it("serves a quick Brotli body at once and replaces it with the smallest one, decoding to the same text", async () => {
    const text = `<main>${Array.from({ length: 400 }, (_, i) => `<p class="c${i % 7}">Notice ${i}: the school is closed on ${i % 28} December.</p>`).join("")}</main>`;
    const page = await encodePage(text, "tok", ["X-Rendered-For", "x"]);
    const quick = page.bodies.br;
    await page.smallest;
    expect(page.bodies.br).not.toBe(quick);
    expect(page.bodies.br.length).toBeLessThanOrEqual(quick.length);
    expect(brotliDecompressSync(page.bodies.br).toString()).toBe(text);
  });
});

describe("pages kept without React", () => {
  /** A page React Router rendered, down to what is dropped (app/lib/without-react.test.ts has the whole shape). */
  const routerPage = `<html><head><link rel="modulepreload" href="/r.js" nonce="tok"/></head><body><main>Text</main><script nonce="tok" type="module" async="">import * as route0 from "/r.js";\nwindow.__reactRouterRouteModules = {"root":route0};</script></body></html>`;

  it("is applied to the pages the cache keeps when it knows the chrome script, whose one inline script is allowed by hash", async () => {
    const cache = createPageCache({ paths: ["/"], chromeScript: "/assets/c.js", render: async () => new Response(routerPage, { status: 200 }) });
    const page = (await cache.get("/"))!;
    const html = page.bodies.identity.toString();
    expect(html).not.toContain("__reactRouter");
    expect(html).not.toContain(" nonce=");
    expect(html).not.toContain("modulepreload");
    const inline = /<script type="module">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(inline).toContain(`await import("/assets/c.js")`);
    expect(page.scriptHashes).toEqual([sha(inline)]);
  });

  it("finds the chrome script's chunk in the client build's manifest", () => {
    expect(chromeScriptSrc(JSON.stringify({ [CHROME_SOURCE]: { file: "assets/index-Ab1.js", isDynamicEntry: true }, "app/root.tsx": { file: "assets/root.js" } }))).toBe("/assets/index-Ab1.js");
    expect(chromeScriptSrc("{}")).toBeUndefined();
    expect(chromeScriptSrc("not json")).toBeUndefined();
  });
});



describe("chooseEncoding", () => {
  const request = (acceptEncoding?: string) => Object.assign(Object.create(express.request) as express.Request, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
  it("prefers Brotli, then gzip, and sends plain bodies to clients that accept neither", () => {
    expect(chooseEncoding(request("gzip, deflate, br, zstd"))).toBe("br");
    expect(chooseEncoding(request("gzip"))).toBe("gzip");
    expect(chooseEncoding(request("br;q=0, gzip"))).toBe("gzip");
    expect(chooseEncoding(request("identity"))).toBe("identity");
    expect(chooseEncoding(request())).toBe("identity");
  });
});

describe("createPageCache", () => {
  it("renders a page again when the content epoch changes, and keeps news paths only while they are visible", async () => {
    const time = clock("2026-11-27T06:00:00Z");
    const { render, calls } = recordingRender();
    let epoch = "1.0";
    let stories = ["/news/a"];
    const cache = createPageCache({ paths: ["/"], morePaths: () => stories, epoch: () => epoch, render, now: time.now });
    const first = (await cache.get("/"))!;
    expect(first.origin).toEqual(["X-Rendered-For", "2026-11-27; content 1.0"]);
    expect(await cache.get("/")).toBe(first);
    epoch = "2.0";
    expect(cache.peek("/")).toBeUndefined();
    const second = (await cache.get("/"))!;
    expect(second).not.toBe(first);
    expect(calls.map((c) => c.path)).toEqual(["/", "/"]);
    expect([cache.has("/news/a"), cache.has("/news/b"), cache.has("/fee")]).toEqual([true, false, false]);
    expect(await cache.get("/fee")).toBeUndefined();
    await cache.warm();
    expect(calls.map((c) => c.path)).toEqual(["/", "/", "/news/a"]);
    stories = [];
    expect(cache.has("/news/a")).toBe(false);
    expect(await cache.get("/news/a")).toBeUndefined();
  });


  it("renders a page once per day in India, for the instant of the first request, and again after midnight IST", async () => {
    const time = clock("2026-10-31T18:29:00Z"); // 23:59 on 31 Oct in India
    const { render, calls } = recordingRender();
    const cache = createPageCache({ paths: ["/"], render, now: time.now });

    const before = (await cache.get("/"))!;
    expect(before.bodies.identity.toString()).toContain("/ for 2026-10-31");
    expect(before.origin).toEqual(["X-Rendered-For", "2026-10-31; content "]);
    time.set("2026-10-31T18:29:59.999Z"); // the last millisecond of the day in India
    expect(await cache.get("/")).toBe(before);
    expect(cache.peek("/")).toBe(before);
    expect(calls).toHaveLength(1);

    time.set("2026-10-31T18:30:00Z"); // midnight: 1 Nov in India
    expect(cache.peek("/")).toBeUndefined();
    const after = (await cache.get("/"))!;
    expect(after.bodies.identity.toString()).toContain("/ for 2026-11-01");
    expect(after.scriptHashes).toEqual([sha('go("2026-11-01")')]);
    expect(calls.map((c) => c.now.toISOString())).toEqual(["2026-10-31T18:29:00.000Z", "2026-10-31T18:30:00.000Z"]);

    time.set("2026-11-01T00:00:00Z"); // midnight UTC is 05:30 in India: the same day
    expect(await cache.get("/")).toBe(after);
    expect(calls).toHaveLength(2);
  });

  it("renders once however many requests arrive together", async () => {
    const { render, calls } = recordingRender();
    const cache = createPageCache({ paths: ["/openings"], render, now: () => new Date("2026-11-23T10:00:00Z") });
    const pages = await Promise.all(Array.from({ length: 40 }, () => cache.get("/openings")));
    expect(new Set(pages).size).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it("leaves a page that did not render as 200 to per-request rendering, and tries again on the next request", async () => {
    const logged: string[] = [];
    const { render, calls } = recordingRender(500);
    const cache = createPageCache({ paths: ["/"], render, now: () => new Date("2026-11-23T10:00:00Z"), log: (m) => logged.push(m) });
    expect(await cache.get("/")).toBeUndefined();
    expect(await cache.get("/")).toBeUndefined();
    expect(calls).toHaveLength(2);
    expect(logged[0]).toMatch(/^Page \/ could not be rendered for 2026-11-23 \(content \); rendering it per request: status 500$/);
  });

  it("never shares a response that sets a cookie", async () => {
    const render: RenderPage = async () => new Response("<p>hi</p>", { headers: { "set-cookie": "a=b" } });
    const cache = createPageCache({ paths: ["/"], render, log: () => {} });
    expect(await cache.get("/")).toBeUndefined();
  });
});

describe("onceForCachedPages", () => {
  /** An app whose memory page (if any) is `page`, with `headers` replayed once per page. */
  const serve = (headers: express.RequestHandler, page: () => unknown) => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cachedPage = page();
      next();
    });
    app.use(onceForCachedPages(headers));
    app.get("/", (_req, res) => void res.send("ok"));
    return new Promise<{ url: string; close: () => void }>((resolve) => {
      const server = app.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() }));
    });
  };

  it("computes a page's headers once and sends the same ones on every later answer; other answers run the middleware each time", async () => {
    let calls = 0;
    const headers: express.RequestHandler = (_req, res, next) => {
      calls += 1;
      res.setHeader("Content-Security-Policy", `script-src 'self' 'sha256-${calls}'`);
      res.setHeader("X-Frame-Options", "DENY");
      next();
    };
    const pageA = {};
    let current: unknown = pageA;
    const app = await serve(headers, () => current);
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await fetch(app.url));
      expect(calls).toBe(1);
      expect(answers.map((r) => r.headers.get("content-security-policy"))).toEqual(Array(3).fill("script-src 'self' 'sha256-1'"));
      expect(answers.every((r) => r.headers.get("x-frame-options") === "DENY")).toBe(true);
      current = {};
      expect((await fetch(app.url)).headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-2'");
      current = undefined;
      await fetch(app.url);
      await fetch(app.url);
      expect(calls).toBe(4);
    } finally {
      app.close();
    }
  });
});
