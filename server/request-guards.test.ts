import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientErrorStatus, finalErrorHandler } from "./error-handler";
import { allowedMethods, closeUnreadBodies, LINGER_MS, noStoreUnder } from "./request-guards";

let server: http.Server;
let port: number;

/** One raw request (any method, chunked bodies); resolves with status, headers and body. */
function call(method: string, path: string, body?: { chunked: number }): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent: false, headers: body ? { "transfer-encoding": "chunked" } : {} }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    if (body) {
      req.write("x".repeat(body.chunked));
      // The rest of the body never comes: the answer must not wait for it.
    } else req.end();
  });
}

beforeAll(async () => {
  const app = express();
  app.use(allowedMethods(), closeUnreadBodies(), noStoreUnder("/admin"));
  app.get("/admin/page", (_req, res) => void res.set("Cache-Control", "public, max-age=600").send("admin"));
  app.get("/administration", (_req, res) => void res.send("not admin"));
  app.post("/refuse", (_req, res) => void res.status(413).send("too large"));
  app.get("/fault", () => {
    throw new Error("secret detail at /srv/app/build/server/index.js");
  });
  app.get("/bad-url", () => {
    throw Object.assign(new TypeError("Invalid URL"), { code: "ERR_INVALID_URL" });
  });
  app.use(finalErrorHandler());
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

describe("allowedMethods", () => {
  it.each(["PUT", "DELETE", "PATCH", "TRACE", "PROPFIND"])("answers %s with a plain 405 and Allow", async (method) => {
    const answer = await call(method, "/admin/page");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    expect(answer.body).toBe("Method Not Allowed");
  });
  it("answers OPTIONS with 204 and Allow", async () => {
    expect(await call("OPTIONS", "/")).toMatchObject({ status: 204, headers: { allow: "GET, HEAD, POST, OPTIONS" } });
  });
});

describe("noStoreUnder", () => {
  it("overrides whatever an admin route set, and leaves other paths alone", async () => {
    expect((await call("GET", "/admin/page")).headers["cache-control"]).toBe("no-store");
    expect((await call("GET", "/administration")).headers["cache-control"]).toBeUndefined();
  });
});

describe("closeUnreadBodies", () => {
  it("answers before the body's end, drops the rest unread and closes the connection after LINGER_MS", async () => {
    const started = Date.now();
    // A raw socket that sends part of a chunked body and then neither sends more nor closes.
    const { status, closedAfter } = await new Promise<{ status: number; closedAfter: number }>((resolve, reject) => {
      let received = "";
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(`POST /refuse HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n3e8\r\n${"x".repeat(1000)}\r\n`);
      });
      socket.on("data", (d) => (received += d));
      socket.on("error", reject);
      socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(received)?.[1] ?? 0), closedAfter: Date.now() - started }));
    });
    expect(status).toBe(413);
    expect(closedAfter).toBeGreaterThanOrEqual(LINGER_MS - 100);
    expect(closedAfter).toBeLessThan(LINGER_MS + 2000);
  });
});

describe("finalErrorHandler", () => {
  it("answers a fault with the SPEC's generic page, logging the details once and sending none", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = await call("GET", "/fault");
    expect(answer.status).toBe(500);
    expect(answer.body).toContain("Something went wrong");
    expect(answer.body).toContain("We apologize for the inconvenience. Please try refreshing the page.");
    expect(answer.body).toContain('<a href="/fault">Refresh Page</a>');
    expect(answer.body).not.toContain("secret detail");
    expect(answer.body).not.toContain("/srv/app");
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toContain("GET /fault");
    log.mockRestore();
  });
  it("answers what the client caused with its 4xx and a plain message", async () => {
    expect(await call("GET", "/bad-url")).toMatchObject({ status: 400, body: "Bad Request" });
    expect(clientErrorStatus(Object.assign(new Error("x"), { status: 413 }))).toBe(413);
    expect(clientErrorStatus(new URIError("URI malformed"))).toBe(400);
    expect(clientErrorStatus(new Error("boom"))).toBeUndefined();
    expect(clientErrorStatus(Object.assign(new Error("x"), { statusCode: 503 }))).toBeUndefined();
  });
});
