import { connect, type AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { finalErrorHandler } from "./error-handler";
import { STREAM_BUFFER_BYTES } from "~/lib/request-body.server";
import { createHttpServer } from "./http-server";
import { rateLimits } from "./rate-limits";

const LIMIT = 100;

/** Sends one GET and resets the connection at once, before any answer can come back. */
function sendAndReset(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write("GET /page HTTP/1.1\r\nHost: localhost\r\n\r\n");
      socket.resetAndDestroy();
      resolve();
    });
    socket.on("error", reject);
  });
}

afterEach(() => vi.restoreAllMocks());

describe("createHttpServer", () => {
  it("counts clients that reset their connection right after the request under their own address, and logs no stack for them", async () => {
    const logged: string[] = [];
    const record = (...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
    vi.spyOn(console, "error").mockImplementation(record);
    vi.spyOn(console, "warn").mockImplementation(record);

    let seen = 0;
    const app = express();
    app.use((_req, _res, next) => {
      seen += 1;
      next();
    });
    app.use(rateLimits({ limits: { posts: LIMIT, beacons: LIMIT, rendered: LIMIT, static: LIMIT }, isStatic: () => false }));
    app.get("/page", (_req, res) => void res.send("ok"));
    app.use(finalErrorHandler());
    const server = createHttpServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      for (let i = 0; i < 20; i++) await sendAndReset(port);
      // Every reset request reaches the pipeline; give the last ones time to pass the limiter.
      await vi.waitFor(() => expect(seen).toBe(20), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 200));

      const answer = await fetch(`http://127.0.0.1:${port}/page`);
      expect(answer.status).toBe(200);
      // 20 reset requests and this one, all from 127.0.0.1, in the same count.
      expect(answer.headers.get("ratelimit")).toContain(`r=${LIMIT - 21};`);
      expect(logged.length).toBeLessThanOrEqual(20);
      for (const line of logged) {
        expect(line).not.toMatch(/\n\s+at /);
        expect(line.length).toBeLessThan(300);
      }
    } finally {
      server.close();
    }
  });

  it("reads an upload several kernel reads at a time: a request's body buffers 256 KiB before its connection is paused", async () => {
    let readable = 0;
    let bytes = 0;
    const server = createHttpServer((req, res) => {
      readable = req.readableHighWaterMark;
      req.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
      req.on("end", () => res.end(String(bytes)));
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const body = new Uint8Array(4 * 1024 * 1024);
      const answer = await fetch(`http://127.0.0.1:${port}/apply`, { method: "POST", body });
      expect(await answer.text()).toBe(String(body.byteLength));
      expect(readable).toBe(STREAM_BUFFER_BYTES);
      expect(STREAM_BUFFER_BYTES).toBeGreaterThanOrEqual(4 * 64 * 1024);
    } finally {
      server.close();
    }
  });
});
