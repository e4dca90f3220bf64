/**
 * POST /api/track through its Express handler on a throwaway port, on the process-wide database: 204 at once for a beacon (stored
 * after the queue drains, localhost as the development placeholder), 400 with the SPEC §8
 * "Validation failed: …" text for a bad body, 413 for an oversized one, never a 5xx.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-track-"));
const { getDatabase } = await import("~/db/client.server");
const { trackHandler, ingestQueue } = await import("./track.server");
const { DEVELOPMENT_PLACEHOLDER_IP } = await import("./client-ip");

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const server = express().post("/api/track", trackHandler).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/track`;
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", body, headers: { "user-agent": CHROME, "content-type": "text/plain;charset=UTF-8", ...headers }, duplex: "half" } as RequestInit);

describe("POST /api/track", () => {
  const sid = `track${Date.now().toString(36)}xyz`;
  beforeAll(async () => {
    await getDatabase();
  });
  afterAll(async () => {
    server.close();
    await ingestQueue().drain();
    await (await getDatabase()).close();
  });

  it("answers 204 and stores the visit once the queue drains, from localhost as the development placeholder", async () => {
    const response = await post(JSON.stringify({ sid, path: "/apply", ref: "https://www.google.com/" }));
    expect(response.status).toBe(204);
    await ingestQueue().drain();
    const { db } = await getDatabase();
    const rows = (await db.execute(sql`SELECT visitor_ip, page_visited, is_apply_page, browser, device_type, country, is_new_visitor, visit_count, is_bot FROM visitor_analytics WHERE session_id = ${sid}`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([
      { visitor_ip: DEVELOPMENT_PLACEHOLDER_IP, page_visited: "/apply", is_apply_page: true, browser: "Chrome", device_type: "desktop", country: "Development", is_new_visitor: true, visit_count: 1, is_bot: false },
    ]);
  });

  it("answers 400 with the SPEC §8 message for an invalid body", async () => {
    const response = await post("{");
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Validation failed: the body is not JSON");
  });

  it("answers 413 for a body over 4 KB, with or without Content-Length", async () => {
    const big = JSON.stringify({ sid, path: "/", ref: "x".repeat(5000) });
    expect((await post(big)).status).toBe(413);
    const chunked = new ReadableStream({ start: (c) => { c.enqueue(new TextEncoder().encode(big)); c.close(); } });
    expect((await post(chunked)).status).toBe(413);
  });

  it("never answers 5xx, whatever the payload", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify(v)), fc.record({ sid: fc.string(), path: fc.string(), ref: fc.string() }).map((v) => JSON.stringify(v))), fc.string(), async (body, ua) => {
        const response = await post(body, { "user-agent": ua.replace(/[^\x20-\x7e]/g, "") });
        expect([204, 400, 413]).toContain(response.status);
      }),
      { numRuns: 300 },
    );
  });
});
