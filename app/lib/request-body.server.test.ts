import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BODY_LIMITS, BODY_MESSAGES, readBody, readCapped, readForm } from "./request-body.server";

const FORM = "application/x-www-form-urlencoded";

/** A POST whose body arrives in `chunks` with no Content-Length (chunked), counting what is pulled. */
function chunkedPost(chunks: string[], headers: Record<string, string> = { "content-type": FORM }) {
  let pulled = 0;
  const queue = [...chunks];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next === undefined) return controller.close();
      pulled += next.length;
      controller.enqueue(new TextEncoder().encode(next));
    },
  }, { highWaterMark: 0 });
  const request = new Request("http://localhost/enquire", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; text: string; type: string | null }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text(), type: thrown.headers.get("content-type") };
    throw thrown;
  }
  throw new Error("expected a refusal");
}

describe("readForm", () => {
  it("reads a form under the route's limit", async () => {
    const form = await readForm(new Request("http://localhost/enquire", { method: "POST", body: new URLSearchParams({ name: "Asha", phone: "9876543210" }) }), "/enquire");
    expect(Object.fromEntries(form)).toEqual({ name: "Asha", phone: "9876543210" });
  });

  it("stops reading a chunked body at the first byte over the limit (413), whatever its length", async () => {
    const limit = BODY_LIMITS["/enquire"];
    const chunk = "a".repeat(4096);
    const { request, pulled } = chunkedPost(Array.from({ length: 5000 }, () => chunk)); // 20 MB offered
    expect(await refusal(readForm(request, "/enquire"))).toEqual({ status: 413, text: BODY_MESSAGES.tooLarge, type: "text/plain; charset=utf-8" });
    expect(pulled()).toBeLessThanOrEqual(limit + 3 * chunk.length);
  });

  it("refuses a declared length over the limit before reading", async () => {
    const { request, pulled } = chunkedPost(["name=x"], { "content-type": FORM, "content-length": String(BODY_LIMITS["/enquire"] + 1) });
    expect((await refusal(readForm(request, "/enquire"))).status).toBe(413);
    expect(pulled()).toBe(0);
  });

  it.each([
    ["application/json", '{"name":"x"}'],
    ["text/plain", "name=x"],
    ["", "name=x"],
  ])("answers 415 for Content-Type %j", async (type, body) => {
    const headers = type ? { "content-type": type } : undefined;
    const request = new Request("http://localhost/enquire", { method: "POST", body, headers });
    if (!type) request.headers.delete("content-type");
    expect(await refusal(readForm(request, "/enquire"))).toMatchObject({ status: 415, text: BODY_MESSAGES.unsupportedType });
  });

  it("answers 415 for a compressed body, 400 for a multipart body that does not parse or a NUL byte", async () => {
    const gz = new Request("http://localhost/enquire", { method: "POST", body: "name=x", headers: { "content-type": FORM, "content-encoding": "gzip" } });
    expect((await refusal(readForm(gz, "/enquire"))).status).toBe(415);
    const noBoundary = new Request("http://localhost/enquire", { method: "POST", body: "name=x", headers: { "content-type": "multipart/form-data" } });
    expect(await refusal(readForm(noBoundary, "/enquire"))).toMatchObject({ status: 400, text: BODY_MESSAGES.unreadable });
    const broken = new Request("http://localhost/enquire", { method: "POST", body: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated', headers: { "content-type": "multipart/form-data; boundary=XyZ" } });
    expect((await refusal(readForm(broken, "/enquire"))).status).toBe(400);
    const nul = new Request("http://localhost/enquire", { method: "POST", body: "name=a%00b", headers: { "content-type": FORM } });
    expect(await refusal(readForm(nul, "/enquire"))).toMatchObject({ status: 400, text: BODY_MESSAGES.forbiddenCharacter });
  });

  it("reads an empty body as an empty form", async () => {
    const form = await readForm(new Request("http://localhost/admin/logout", { method: "POST", body: "", headers: { "content-type": FORM } }), "/admin/logout");
    expect([...form]).toEqual([]);
  });
});

describe("readBody", () => {
  it("gives the exact bytes (a webhook's signature covers them) and 413 beyond the limit", async () => {
    const bytes = new Uint8Array([0, 255, 10, 13, 128]);
    expect(await readBody(new Request("http://localhost/enquire", { method: "POST", body: bytes }), "/enquire")).toEqual(bytes);
    const { request } = chunkedPost(["x".repeat(BODY_LIMITS["/admin/logout"] + 1)]);
    expect((await refusal(readBody(request, "/admin/logout"))).status).toBe(413);
  });
});

describe("readCapped on a Node stream (an Express request)", () => {
  it("returns the body, or null past the limit without destroying the stream (the 413 still has a connection)", async () => {
    expect(Buffer.from((await readCapped(Readable.from([Buffer.from("ab"), Buffer.from("cd")]), 4))!).toString()).toBe("abcd");
    const stream = new PassThrough();
    stream.write("x".repeat(10));
    stream.write("y".repeat(10));
    expect(await readCapped(stream, 15)).toBeNull();
    expect(stream.destroyed).toBe(false);
    expect(await readCapped(null, 1)).toEqual(new Uint8Array(0));
  });
});
