import { Readable } from "node:stream";
import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { readRawBody } from "./payments";

/** A request whose body arrives in `chunks`, with an optional Content-Length header. */
function request(chunks: string[], contentLength?: number): Request {
  return Object.assign(Readable.from(chunks.map((c) => Buffer.from(c))), { get: (name: string) => (name === "content-length" && contentLength !== undefined ? String(contentLength) : undefined) }) as unknown as Request;
}

describe("readRawBody", () => {
  it("returns the bytes as they arrived, for the signature check", async () => {
    expect((await readRawBody(request(['{"a":', "1}"]), 100))?.toString()).toBe('{"a":1}');
  });

  it("refuses a body over the cap by the bytes actually read (a chunked body has no Content-Length), and by Content-Length", async () => {
    expect(await readRawBody(request(["x".repeat(60), "y".repeat(60)]), 100)).toBeNull();
    expect(await readRawBody(request(["small"], 10_000), 100)).toBeNull();
    expect((await readRawBody(request(["x".repeat(100)]), 100))?.length).toBe(100);
  });
});
