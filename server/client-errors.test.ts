import { request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { answerClientError, clientErrorStatusLine } from "./client-errors";

describe("answerClientError", () => {
  it("answers a request over Node's header limit with 431 and the security headers, and the server keeps serving", async () => {
    const app = express();
    app.get("/", (_req, res) => void res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    server.on("clientError", answerClientError);
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const answer = await new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
        const req = request({ port, host: "127.0.0.1", path: `/?q=${"x".repeat(20_000)}` }, (res) => {
          res.resume();
          resolve({ status: res.statusCode!, headers: res.headers });
        });
        req.on("error", reject);
        req.end();
      });
      expect(answer.status).toBe(431);
      expect(answer.headers).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "strict-origin-when-cross-origin" });
      expect(String(answer.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
    } finally {
      server.close();
    }
  });

  it("chooses Node's own statuses", () => {
    expect([clientErrorStatusLine("HPE_HEADER_OVERFLOW"), clientErrorStatusLine("HPE_INVALID_METHOD"), clientErrorStatusLine("ERR_HTTP_REQUEST_TIMEOUT")].map((s) => s.slice(0, 3))).toEqual(["431", "400", "408"]);
  });
});
