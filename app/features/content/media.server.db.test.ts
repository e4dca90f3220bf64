/**
 * The school's photos on the database (issue 28), PGlite or PostgreSQL (DATABASE_URL), with
 * real pictures made by sharp: a phone photo held sideways with EXIF and GPS is kept only as
 * AVIF and WebP at the served widths up to its own, plus the social JPEG, turned upright and
 * without metadata, and its row and audit row are written; a small PNG is never enlarged; a
 * WebP is taken; a PNG over the pixel bound, a truncated JPEG, a program named .jpg and a 16 MB
 * file are refused with nothing left on disk or in the table; a failed insert leaves no files;
 * editing and deleting are audited, and a photo a news item uses cannot be deleted.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "~/db/test-database";
import { contentImages, contentItems } from "~/db/schema/content";
import { auditRows, byActor, testActor } from "~/core/audit/testing.server";
import { deletePhoto, listPhotos, photosByPublicId, updatePhoto, uploadPhoto } from "./media.server";
import { MAX_PHOTO_BYTES, mediaFileNames, mediaSources } from "./media";

const EDITOR = testActor("editor@school.test");
const NO_WORDS = { alt: "", caption: "", album: null };

let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await openTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), "kva-media-"));
});
afterAll(async () => {
  await t?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** A photo-like picture: a smooth gradient with a little noise (so it is not trivially small). */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#4a7a3a", noise: { type: "gaussian", mean: 120, sigma: 18 } } }).blur(1.2);

/** The EXIF tag that points to the GPS block (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

const files = () => readdirSync(dir).sort();
const rowCount = async () => (await t.db.select().from(contentImages)).length;

describe("uploading a photo", () => {
  it("keeps a sideways phone photo upright at each served width as AVIF and WebP, with the social JPEG, and no EXIF or GPS", async () => {
    // Stored 1,600 × 1,000 with orientation 6 (turn 90° clockwise): it shows 1,000 × 1,600.
    const bytes = await photo(1_600, 1_000)
      .withExif({ IFD0: { Make: "Phone", Copyright: "Our-house-GPS" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "22/1 20/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "87/1 19/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer();
    const before = await sharp(bytes).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsPointer(before.exif!)).toBe(true);

    const result = await uploadPhoto(t.db, { bytes, fields: { alt: "Pupils planting saplings", caption: "Van Mahotsav 2026", album: "van-mahotsav-2026" } }, EDITOR, dir);
    if (!result.ok) throw new Error(result.problem);
    const { image } = result;
    expect(image).toMatchObject({ alt: "Pupils planting saplings", caption: "Van Mahotsav 2026", album: "van-mahotsav-2026", width: 960, height: 1_536, widths: [320, 640, 960], bytes: bytes.byteLength, uploadedBy: EDITOR.email });
    expect(image.publicId).toMatch(/^[0-9a-f]{32}$/);

    // 1,000 px wide once upright: 320, 640 and 960 (1,280 would enlarge it); the JPEG at 1,000.
    expect(files()).toEqual(mediaFileNames(image).sort());
    for (const w of [320, 640, 960]) {
      for (const format of ["avif", "webp"] as const) {
        const meta = await sharp(path.join(dir, `${image.publicId}-${w}.${format}`)).metadata();
        expect({ w, format: meta.format === "heif" ? "avif" : meta.format, width: meta.width, height: meta.height, portrait: meta.height! > meta.width! }).toEqual({ w, format, width: w, height: Math.round((w * 1_600) / 1_000), portrait: true });
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
    }
    const social = await sharp(path.join(dir, `${image.publicId}-social.jpg`)).metadata();
    expect(social).toMatchObject({ format: "jpeg", width: 1_000, height: 1_600, space: "srgb" });
    expect(social.exif).toBeUndefined();
    expect(social.icc).toBeUndefined();
    for (const name of files()) expect(statSync(path.join(dir, name)).size).toBeGreaterThan(0);

    const [audit] = await auditRows(t.db, "content_image.upload", image.publicId);
    expect(audit).toMatchObject({ ...byActor(EDITOR), entity: "content_image", after: { alt: "Pupils planting saplings", widths: [320, 640, 960], bytes: bytes.byteLength } });
    expect(mediaSources(image).avif).toBe(`/media/${image.publicId}-320.avif 320w, /media/${image.publicId}-640.avif 640w, /media/${image.publicId}-960.avif 960w`);
  });

  it("never enlarges a small PNG (one size, its own width) and takes a WebP; a 4,000-pixel photo gets all four widths", async () => {
    const small = await uploadPhoto(t.db, { bytes: await photo(250, 180).png().toBuffer(), fields: NO_WORDS }, EDITOR, dir);
    expect(small).toMatchObject({ ok: true, image: { width: 250, height: 180, widths: [250] } });
    const social = await sharp(path.join(dir, `${(small as { image: { publicId: string } }).image.publicId}-social.jpg`)).metadata();
    expect([social.width, social.height]).toEqual([250, 180]);

    const webp = await uploadPhoto(t.db, { bytes: await photo(700, 500).webp().toBuffer(), fields: NO_WORDS }, EDITOR, dir);
    expect(webp).toMatchObject({ ok: true, image: { width: 640, height: 457, widths: [320, 640] } });

    const large = await uploadPhoto(t.db, { bytes: await photo(4_000, 3_000).jpeg().toBuffer(), fields: NO_WORDS }, EDITOR, dir);
    expect(large).toMatchObject({ ok: true, image: { width: 1_280, height: 960, widths: [320, 640, 960, 1_280] } });
    const big = (large as { image: { publicId: string } }).image.publicId;
    expect((await sharp(path.join(dir, `${big}-social.jpg`)).metadata()).width).toBe(1_200);
  });
});

describe("refusals leave nothing behind", () => {
  it("refuses a PNG over the pixel bound from its header, a truncated JPEG, another file named .jpg, an empty file and one over 15 MB", async () => {
    const before = { files: files(), rows: await rowCount(), audits: (await auditRows(t.db, "content_image.upload")).length };
    // 10,000 × 5,000 = 50 megapixels, a few hundred KB: refused before a pixel is decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#ffffff" } }).png().toBuffer();
    const started = performance.now();
    expect(await uploadPhoto(t.db, { bytes: bomb, fields: NO_WORDS }, EDITOR, dir)).toEqual({ ok: false, problem: "too_many_pixels" });
    expect(performance.now() - started).toBeLessThan(1_000);
    const whole = await photo(900, 600).jpeg().toBuffer();
    expect(await uploadPhoto(t.db, { bytes: whole.subarray(0, Math.floor(whole.byteLength / 2)), fields: NO_WORDS }, EDITOR, dir)).toEqual({ ok: false, problem: "unreadable" });
    expect(await uploadPhoto(t.db, { bytes: new TextEncoder().encode("#!/bin/sh\necho hello\n"), fields: NO_WORDS }, EDITOR, dir)).toEqual({ ok: false, problem: "not_a_picture" });
    // An SVG is not a photo: it could carry scripts.
    expect(await uploadPhoto(t.db, { bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), fields: NO_WORDS }, EDITOR, dir)).toEqual({ ok: false, problem: "not_a_picture" });
    expect(await uploadPhoto(t.db, { bytes: new Uint8Array(0), fields: NO_WORDS }, EDITOR, dir)).toEqual({ ok: false, problem: "empty" });
    const oversize = new Uint8Array(MAX_PHOTO_BYTES + 1);
    oversize.set(whole.subarray(0, 16));
    expect(await uploadPhoto(t.db, { bytes: oversize, fields: NO_WORDS }, EDITOR, dir)).toEqual({ ok: false, problem: "too_large_bytes" });
    expect({ files: files(), rows: await rowCount(), audits: (await auditRows(t.db, "content_image.upload")).length }).toEqual(before);
  });

  it("removes the files it wrote when the row cannot be stored", async () => {
    const before = files();
    // PostgreSQL cannot store a NUL in text (the forms never let one through): the insert fails after the files are written.
    await expect(uploadPhoto(t.db, { bytes: await photo(400, 300).jpeg().toBuffer(), fields: { alt: "bad\u0000alt", caption: "", album: null } }, EDITOR, dir)).rejects.toThrow();
    expect(files()).toEqual(before);
  });
});

describe("editing and deleting", () => {
  it("changes the words with an audit row, loads a set by public id, refuses to delete a photo in use, then deletes row and files", async () => {
    const up = await uploadPhoto(t.db, { bytes: await photo(800, 600).jpeg().toBuffer(), fields: NO_WORDS }, EDITOR, dir);
    if (!up.ok) throw new Error(up.problem);
    const id = up.image.publicId;

    const changed = await updatePhoto(t.db, id, { alt: "The school choir on stage", caption: "Annual day", album: "annual-day-2026" }, EDITOR);
    expect(changed).toMatchObject({ alt: "The school choir on stage", caption: "Annual day", album: "annual-day-2026" });
    expect(await auditRows(t.db, "content_image.update", id)).toHaveLength(1);
    // Saved unchanged: no second audit row.
    await updatePhoto(t.db, id, { alt: "The school choir on stage", caption: "Annual day", album: "annual-day-2026" }, EDITOR);
    expect(await auditRows(t.db, "content_image.update", id)).toHaveLength(1);
    expect(await updatePhoto(t.db, "0".repeat(32), NO_WORDS, EDITOR)).toBeNull();

    const found = await photosByPublicId(t.db, [id, "0".repeat(32), "../../etc/passwd"]);
    expect([...found.keys()]).toEqual([id]);
    expect((await listPhotos(t.db))[0]!.publicId).toBe(id);

    // A news draft shows it: deleting is refused and names the item.
    const [item] = await t.db
      .insert(contentItems)
      .values({ kind: "news", slug: `choir-${Date.now()}`, draft: { title: "Choir", image: `/media/${id}`, imageAlt: "The choir" }, updatedBy: EDITOR.email })
      .returning();
    expect(await deletePhoto(t.db, id, EDITOR, dir)).toEqual({ ok: false, reason: "in_use", uses: [{ kind: "news", slug: item!.slug, locale: "en" }] });
    expect(files()).toEqual(expect.arrayContaining(mediaFileNames(up.image)));
    await t.db.delete(contentItems).where(eq(contentItems.id, item!.id));

    expect(await deletePhoto(t.db, id, EDITOR, dir)).toEqual({ ok: true });
    expect(files().filter((f) => f.startsWith(id))).toEqual([]);
    expect(await t.db.select().from(contentImages).where(eq(contentImages.publicId, id))).toEqual([]);
    expect(await auditRows(t.db, "content_image.delete", id)).toMatchObject([{ before: { alt: "The school choir on stage" }, after: null }]);
    expect(await deletePhoto(t.db, id, EDITOR, dir)).toEqual({ ok: false, reason: "missing" });
  });
});
