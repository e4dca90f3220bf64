/**
 * /media/<file> (server/media-files.ts): our files answer with their type and a year's immutable
 * cache; anything else under /media/ is a 404 before the file system is asked (raw requests, so
 * no client tidies a "../" away first).
 */
import http from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_CACHE_CONTROL, mediaFiles } from "./media-files";

const ID = "0123456789abcdef0123456789abcdef";
let server: http.Server;
let port: number;
let root: string;

function call(method: string, requestPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: requestPath, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "kva-media-files-"));
  const dir = path.join(root, "documents", "content");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${ID}-640.avif`), "avif bytes");
  writeFileSync(path.join(dir, `${ID}-640.webp`), "webp bytes");
  writeFileSync(path.join(dir, `${ID}-social.jpg`), "jpeg bytes");
  writeFileSync(path.join(dir, `${ID}-320.webp.1a2b3c4d.partial`), "half a file");
  writeFileSync(path.join(root, "documents", "secret.txt"), "secret");
  const app = express();
  app.use(helmet());
  app.use(mediaFiles(dir));
  app.use((_req, res) => void res.status(418).send("fell through"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

describe("/media/<file>", () => {
  it("serves our files with their type, a year's immutable cache and nosniff", async () => {
    for (const [name, type, body] of [
      [`${ID}-640.avif`, "image/avif", "avif bytes"],
      [`${ID}-640.webp`, "image/webp", "webp bytes"],
      [`${ID}-social.jpg`, "image/jpeg", "jpeg bytes"],
    ] as const) {
      const answer = await call("GET", `/media/${name}`);
      expect({ name, status: answer.status, type: answer.headers["content-type"], cache: answer.headers["cache-control"], nosniff: answer.headers["x-content-type-options"], body: answer.body.toString() }).toEqual({
        name,
        status: 200,
        type,
        cache: MEDIA_CACHE_CONTROL,
        nosniff: "nosniff",
        body,
      });
    }
    expect(MEDIA_CACHE_CONTROL).toBe("public, max-age=31536000, immutable");
    const head = await call("HEAD", `/media/${ID}-640.webp`);
    expect([head.status, head.headers["content-length"], head.body.length]).toEqual([200, "10", 0]);
  });

  it("answers 404 for a missing file and for every name that is not exactly ours, traversal included", async () => {
    for (const p of [
      `/media/${"f".repeat(32)}-640.avif`,
      `/media/${ID}-320.webp.1a2b3c4d.partial`,
      "/media/../secret.txt",
      "/media/..%2fsecret.txt",
      "/media/%2e%2e/secret.txt",
      `/media/x/../${ID}-640.avif`,
      `/media/${ID}-640.avif/`,
      `/media/${ID}-640.AVIF`,
      "/media/",
      `/media/${ID}`,
    ]) {
      const answer = await call("GET", p);
      expect({ p, status: answer.status, cache: answer.headers["cache-control"] }).toEqual({ p, status: 404, cache: "no-store" });
      expect(answer.body.toString()).not.toContain("secret");
    }
  });

  it("refuses other methods and leaves other paths alone", async () => {
    const post = await call("POST", `/media/${ID}-640.avif`);
    expect([post.status, post.headers.allow]).toEqual([405, "GET, HEAD"]);
    expect((await call("GET", "/mediakit")).status).toBe(418);
    expect((await call("GET", "/media")).status).toBe(418);
  });
});
