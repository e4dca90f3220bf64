/**
 * The pictures page's posts (media-form.server.ts) on the database: a 50 MB photo is refused by
 * its Content-Length, and a chunked one at the first megabyte past the limit, each with a
 * message and without being read whole; the JSON endpoint's answer names the file and why; the
 * page's own form (no JavaScript) takes a batch and lists each photo's outcome; words that
 * break the rules are refused with their message.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "kva-media-form-"));
process.env.DATA_DIR = dataDir;

const { openTestDatabase } = await import("~/db/test-database");
const { testActor } = await import("~/core/audit/testing.server");
const { handlePicturesForm, readPicturesForm, takeOnePhoto } = await import("./media-form.server");
const { listPhotos, mediaDir } = await import("./media.server");

const EDITOR = testActor("editor@school.test");
let t: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#2f6f4f" } }).jpeg().toBuffer();
const file = (bytes: Uint8Array, name: string, type = "image/jpeg") => new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

describe("reading the form", () => {
  it("refuses a 50 MB photo by its Content-Length before reading a byte, with a message", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    }, { highWaterMark: 0 });
    const request = new Request("http://localhost/admin/content/pictures.json", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    expect(await readPicturesForm(request, "/admin/content/pictures.json", false)).toEqual({
      ok: false,
      status: 413,
      message: 'The photo is larger than 15 MB, so it was not read: send a smaller copy (a phone\'s "large" or "medium" size is plenty for the website).',
    });
    expect(pulled).toBe(0);
  });

  it("stops a chunked 50 MB body just past the limit, and tells the page's own form to send fewer", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 50 * 1024 * 1024) return controller.close();
        pulled += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    }, { highWaterMark: 0 });
    const request = new Request("http://localhost/admin/content/pictures", { method: "POST", body, headers: { "content-type": "multipart/form-data; boundary=x" }, duplex: "half" } as RequestInit);
    const read = await readPicturesForm(request, "/admin/content/pictures", true);
    expect(read).toMatchObject({ ok: false, status: 413, message: expect.stringMatching(/^The photos sent together were larger than 15 MB, so none was read/) });
    expect(pulled).toBeLessThanOrEqual(17 * 1024 * 1024);
  });
});

describe("one photo (the uploader's JSON endpoint)", () => {
  it("answers 201 with the photo, or the status and message naming the file", async () => {
    const good = new FormData();
    good.append("photo", file(await jpeg(700, 500), "assembly.jpg"));
    good.append("alt", "Morning assembly in the courtyard");
    good.append("caption", "");
    good.append("album", "assembly");
    const taken = await takeOnePhoto(t.db, good, EDITOR);
    expect(taken).toMatchObject({ status: 201, answer: { ok: true, picture: { alt: "Morning assembly in the courtyard", album: "assembly", width: 640, widths: [320, 640] } } });

    const notAPicture = new FormData();
    notAPicture.append("photo", file(new TextEncoder().encode("%PDF-1.7 a document"), "circular.jpg"));
    expect(await takeOnePhoto(t.db, notAPicture, EDITOR)).toEqual({
      status: 415,
      answer: { ok: false, problem: "not_a_picture", message: "circular.jpg is not a JPEG, PNG or WebP picture (its content was checked): choose a photo, or save it again as JPEG" },
    });

    const badAlbum = new FormData();
    badAlbum.append("photo", file(await jpeg(400, 300), "a.jpg"));
    badAlbum.append("album", "Annual Day!");
    expect(await takeOnePhoto(t.db, badAlbum, EDITOR)).toMatchObject({ status: 400, answer: { ok: false, message: expect.stringContaining("lowercase letters") } });
    expect(await takeOnePhoto(t.db, new FormData(), EDITOR)).toMatchObject({ status: 400, answer: { ok: false, problem: "empty" } });
  });
});

describe("the page's own form (without JavaScript)", () => {
  it("takes each photo of a batch and says which were not taken and why", async () => {
    const before = (await listPhotos(t.db)).length;
    const form = new FormData();
    form.append("intent", "upload");
    form.append("album", "sports-day-2026");
    form.append("photo", file(await jpeg(900, 600), "relay.jpg"));
    form.append("photo", file(new TextEncoder().encode("hello"), "notes.png", "image/png"));
    form.append("photo", file(await jpeg(500, 400), "prize.jpg"));
    const { status, notice } = await handlePicturesForm(t.db, form, EDITOR);
    expect(status).toBe(200);
    expect(notice).toMatchObject({
      intent: "upload",
      ok: false,
      message: "2 of 3 photos saved; the others are listed with why.",
      results: [
        { name: "relay.jpg", ok: true },
        { name: "notes.png", ok: false, message: expect.stringMatching(/^notes\.png is not a JPEG, PNG or WebP picture/) },
        { name: "prize.jpg", ok: true },
      ],
    });
    const photos = await listPhotos(t.db);
    expect(photos.length).toBe(before + 2);
    expect(photos.slice(0, 2).map((p) => p.album)).toEqual(["sports-day-2026", "sports-day-2026"]);
    expect(readdirSync(mediaDir()).length).toBeGreaterThanOrEqual(2 * 5);

    const save = new FormData();
    save.append("intent", "save");
    save.append("publicId", photos[0]!.publicId);
    save.append("alt", "x".repeat(300));
    expect(await handlePicturesForm(t.db, save, EDITOR)).toMatchObject({ status: 400, notice: { ok: false, message: "Keep the alt text to 250 characters or fewer" } });
    const gone = new FormData();
    gone.append("intent", "delete");
    gone.append("publicId", "0".repeat(32));
    expect(await handlePicturesForm(t.db, gone, EDITOR)).toMatchObject({ status: 404, notice: { ok: false } });
  });
});
