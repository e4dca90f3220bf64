import { request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { MemoryStore } from "express-rate-limit";
import helmet from "helmet";
import morgan from "morgan";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer } from "./http-server";
import { answerFromMemory } from "./memory-answers";
import { createPageCache, findCachedPage, onceForCachedPages, scriptSourceFor, sendCachedPage } from "./page-cache";
import { LIMIT_MESSAGE, rateLimits } from "./rate-limits";

/**
 * The site's pipeline for pages from memory in small: Express with the cached page found
 * first, helmet's headers once per page, the static tier, the access log and the page; and the
 * answers from memory in front of it. `reached` counts requests that reached Express.
 */
async function site(limit = 1_000) {
  const cache = createPageCache({
    paths: ["/fee"],
    render: async (_path, { token }) => new Response(`<html><body><h1>Fee structure</h1><script nonce="${token}">start()</script></body></html>`),
  });
  await cache.warm();
  const store = new MemoryStore();
  const lines: string[] = [];
  const accessLog = morgan("combined", { stream: { write: (line: string) => void lines.push(line.trim()) } });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", 1);
  let reached = 0;
  app.use((_req, _res, next) => {
    reached += 1;
    next();
  });
  app.use(findCachedPage(cache));
  app.use(onceForCachedPages(helmet({ contentSecurityPolicy: { directives: { "script-src": ["'self'", (_req, res) => scriptSourceFor(res as express.Response)] } } })));
  app.use(accessLog);
  app.use(rateLimits({ limits: { posts: 10, beacons: 10, rendered: 10, static: limit }, isStatic: (p) => cache.has(p), store: (tier) => (tier === "static" ? store : undefined) }));
  app.use(sendCachedPage);
  app.all("/{*rest}", (req, res) => void res.type("text").send(`express answered ${req.method} ${req.path}`));
  const fromMemory = answerFromMemory({ cache, trustProxy: app.get("trust proxy fn") as (address: string, hop: number) => boolean, limit: { store, max: limit }, accessLog });
  const server = createHttpServer((req, res) => fromMemory(req, res, () => app(req, res))).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return { origin, lines, store, reached: () => reached };
}

const servers: ReturnType<typeof createHttpServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** The headers of an answer but its date, as [name, value] pairs sorted by name. */
const headersOf = (response: Response) => [...response.headers].filter(([name]) => name !== "date").sort(([a], [b]) => a.localeCompare(b));

describe("answerFromMemory", () => {
  it("answers a page's later requests without Express, with the headers, body and log line Express gave its first", async () => {
    const s = await site();
    const get = (init: RequestInit & { headers?: Record<string, string> } = {}) => fetch(`${s.origin}/fee`, { ...init, headers: { "accept-encoding": "gzip", "x-forwarded-for": "49.36.1.7", ...init.headers } });

    const first = await get();
    expect(s.reached()).toBe(1);
    const second = await get();
    const [firstText, secondText] = [await first.text(), await second.text()];
    expect(s.reached()).toBe(1);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(secondText).toContain("<h1>Fee structure</h1>");
    expect(secondText).toBe(firstText);

    // As a browser revalidates (fetch would add "no-cache", which asks for the whole page).
    const revalidated = await get({ headers: { "if-none-match": second.headers.get("etag")!, "cache-control": "max-age=0" } });
    expect(revalidated.status).toBe(304);
    const head = await get({ method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(second.headers.get("content-length"));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const withQuery = await fetch(`${s.origin}/fee?utm_source=whatsapp`, { headers: { "accept-encoding": "identity" } });
    expect(await withQuery.text()).toContain("<h1>Fee structure</h1>");
    expect(s.reached()).toBe(1);

    // One line each, from the forwarded address, as the access log reads it through Express.
    expect(s.lines).toHaveLength(5);
    expect(s.lines[0]).toMatch(/^49\.36\.1\.7 - - \[.+\] "GET \/fee HTTP\/1\.1" 200 \d+ "-" /);
    expect(s.lines[1]).toBe(s.lines[0]!.replace(/\[.+?\]/, s.lines[1]!.match(/\[.+?\]/)![0]));
    expect(s.lines[2]).toMatch(/"GET \/fee HTTP\/1\.1" 304 - /);
    expect(s.lines[3]).toMatch(/"HEAD \/fee HTTP\/1\.1" 200 /);
    expect(s.lines[4]).toMatch(/^127\.0\.0\.1 .*"GET \/fee\?utm_source=whatsapp HTTP\/1\.1" 200 /);
  });

  it("hands Express every other request: other methods and paths, and a request with a body", async () => {
    const s = await site();
    await fetch(`${s.origin}/fee`);
    const before = s.reached();
    expect(await (await fetch(`${s.origin}/fee`, { method: "POST", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } })).text()).toBe("express answered POST /fee");
    expect(await (await fetch(`${s.origin}/contact`)).text()).toBe("express answered GET /contact");
    // A GET with a body: Express answers it (and the site's pipeline drains the body: request-guards.ts).
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${s.origin}/fee`, { method: "GET", headers: { "content-length": "3" } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on("error", reject);
      req.end("a=1");
    });
    expect(status).toBe(200);
    expect(s.reached()).toBe(before + 3);
  });

  it("counts a client's reads through both paths in the static tier, and leaves the refusal over it to the limiter", async () => {
    const s = await site(5);
    const from = (address: string) => fetch(`${s.origin}/fee`, { headers: { "x-forwarded-for": address } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await from("117.200.3.4")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(s.reached()).toBe(1);

    const refused = await from("117.200.3.4");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(LIMIT_MESSAGE);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit")).toBeNull();
    expect(s.reached()).toBe(2);
    // Another client behind its own address is still answered from memory.
    expect((await from("157.34.9.9")).status).toBe(200);
    expect(s.reached()).toBe(2);
  });
});
