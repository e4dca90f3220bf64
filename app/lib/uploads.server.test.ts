import { existsSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BODY_LIMITS, BODY_MESSAGES } from "./request-body.server";
import { readUploadForm, sweepUploads, uploadedPath } from "./uploads.server";

const freshDir = () => path.join(mkdtempSync(path.join(os.tmpdir(), "kva-uploads-test-")), "uploads");

/** A multipart request to /apply made by the platform's own encoder, as a browser sends it. */
function multipart(form: FormData, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/apply", { method: "POST", body: form, headers });
}

/** A body sent in chunks without a Content-Length (as a chunked upload arrives). */
function chunked(bytes: Uint8Array, contentType: string): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.byteLength; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
      controller.close();
    },
  });
  return new Request("http://localhost/apply", { method: "POST", body, headers: { "content-type": contentType }, duplex: "half" } as RequestInit);
}

const photoBytes = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251);

describe("readUploadForm", () => {
  it("keeps the text fields, writes each file to a private file of the same bytes, and discards them", async () => {
    const dir = freshDir();
    const form = new FormData();
    form.append("childName", "Ananya Roy");
    form.append("photo", new File([photoBytes], "IMG_0042.jpg", { type: "image/jpeg" }));
    form.append("birthCertificate", new File([], "", { type: "application/octet-stream" }));
    const { form: read, discard } = await readUploadForm(multipart(form), "/apply", dir);
    expect(read.get("childName")).toBe("Ananya Roy");
    const photo = read.get("photo") as File;
    expect(photo).toBeInstanceOf(File);
    expect([photo.name, photo.type, photo.size]).toEqual(["IMG_0042.jpg", "image/jpeg", photoBytes.byteLength]);
    const onDisk = uploadedPath(photo)!;
    expect(path.dirname(onDisk)).toBe(dir);
    // Compared as buffers: a deep equality of 300,000 elements alone took seconds.
    expect(Buffer.from(photoBytes).equals(readFileSync(onDisk))).toBe(true);
    expect(Buffer.from(photoBytes).equals(Buffer.from(await photo.arrayBuffer()))).toBe(true);
    // An empty file input is an empty File, as the platform's own parser gives, with nothing on disk.
    const empty = read.get("birthCertificate") as File;
    expect([empty.size, uploadedPath(empty)]).toEqual([0, undefined]);
    expect(readdirSync(dir)).toHaveLength(1);
    await discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a body over the route's limit, declared or counted, with 413, and leaves no file", async () => {
    const dir = freshDir();
    const big = new FormData();
    big.append("photo", new File([new Uint8Array(BODY_LIMITS["/apply"] + 1)], "big.jpg", { type: "image/jpeg" }));
    const declared = await readUploadForm(multipart(big), "/apply", dir).catch((r: Response) => r);
    expect(declared).toBeInstanceOf(Response);
    expect((declared as Response).status).toBe(413);

    const encoded = new Response(big);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const counted = await readUploadForm(chunked(bytes, encoded.headers.get("content-type")!), "/apply", dir).catch((r: Response) => r);
    expect((counted as Response).status).toBe(413);
    expect(await (counted as Response).text()).toBe(BODY_MESSAGES.tooLarge);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it("refuses a NUL character with 400 and a body that is not multipart with 400, leaving no file", async () => {
    const dir = freshDir();
    const form = new FormData();
    form.append("photo", new File([photoBytes], "photo.jpg", { type: "image/jpeg" }));
    form.append("childName", "Ana\u0000nya");
    const nul = (await readUploadForm(multipart(form), "/apply", dir).catch((r: Response) => r)) as Response;
    expect([nul.status, await nul.text()]).toEqual([400, BODY_MESSAGES.forbiddenCharacter]);
    const garbled = (await readUploadForm(chunked(new TextEncoder().encode("--x\r\nnot a part"), "multipart/form-data"), "/apply", dir).catch((r: Response) => r)) as Response;
    expect(garbled.status).toBe(400);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("reads a url-encoded form as readForm does, and refuses a compressed body", async () => {
    const dir = freshDir();
    const plain = new Request("http://localhost/apply", { method: "POST", body: new URLSearchParams({ childName: "Ananya" }) });
    expect((await readUploadForm(plain, "/apply", dir)).form.get("childName")).toBe("Ananya");
    const gzipped = multipart(new FormData(), { "content-encoding": "gzip" });
    expect(((await readUploadForm(gzipped, "/apply", dir).catch((r: Response) => r)) as Response).status).toBe(415);
  });
});

describe("sweepUploads", () => {
  it("removes the uploads an earlier run left behind, older than the given age, and nothing else", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "kva-sweep-"));
    const old = path.join(dir, `${"a".repeat(32)}.upload`);
    const recent = path.join(dir, `${"b".repeat(32)}.upload`);
    const other = path.join(dir, "notes.txt");
    for (const file of [old, recent, other]) writeFileSync(file, "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    utimesSync(other, twoHoursAgo, twoHoursAgo);
    expect(await sweepUploads(dir)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([path.basename(recent), "notes.txt"].sort());
    expect(await sweepUploads(path.join(dir, "missing"))).toBe(0);
  });
});
