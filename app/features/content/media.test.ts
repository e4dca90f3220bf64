import { describe, expect, it } from "vitest";
import { BODY_LIMITS } from "~/lib/request-body.server";
import { imageRef } from "./items";
import {
  MAX_PHOTO_BYTES,
  mediaFileName,
  mediaFileNames,
  mediaPicture,
  mediaRef,
  mediaSources,
  parseMediaFile,
  photoFieldsSchema,
  photoProblemMessage,
  pictureView,
  publicIdOfRef,
  variantPlan,
} from "./media";

const ID = "0123456789abcdef0123456789abcdef";

describe("file names", () => {
  it("reads exactly the names of our files", () => {
    expect(parseMediaFile(`${ID}-640.avif`)).toEqual({ publicId: ID, format: "avif", width: 640 });
    expect(parseMediaFile(`${ID}-1280.webp`)).toEqual({ publicId: ID, format: "webp", width: 1280 });
    expect(parseMediaFile(`${ID}-250.webp`)).toEqual({ publicId: ID, format: "webp", width: 250 });
    expect(parseMediaFile(`${ID}-social.jpg`)).toEqual({ publicId: ID, format: "jpeg", width: null });
  });

  it("refuses anything else before the file system is asked: traversal, other extensions, case, escapes, partial files", () => {
    for (const name of [
      "",
      ID,
      `${ID}-640.png`,
      `${ID}-640.AVIF`,
      `${ID.toUpperCase()}-640.avif`,
      `${ID}-0640.avif`,
      `${ID}-0.webp`,
      `${ID}-social.jpeg`,
      `${ID}-640.avif.1a2b3c4d.partial`,
      `../${ID}-640.avif`,
      `..%2f${ID}-640.avif`,
      `${ID}-640.avif/`,
      `${ID}-640.avif%00`,
      `${ID.slice(1)}-640.avif`,
      `${ID}0-640.avif`,
      "..",
      "../../etc/passwd",
      "%2e%2e",
    ]) {
      expect({ name, parsed: parseMediaFile(name) }).toEqual({ name, parsed: null });
    }
  });

  it("names each size and every file of a stored photo", () => {
    expect(mediaFileName(ID, { width: 320, format: "webp" })).toBe(`${ID}-320.webp`);
    expect(mediaFileName(ID, { width: 1200, format: "jpeg" })).toBe(`${ID}-social.jpg`);
    expect(mediaFileNames({ publicId: ID, widths: [320, 640] })).toEqual([`${ID}-320.avif`, `${ID}-320.webp`, `${ID}-640.avif`, `${ID}-640.webp`, `${ID}-social.jpg`]);
    for (const name of mediaFileNames({ publicId: ID, widths: [320, 640, 960, 1280] })) expect(parseMediaFile(name)).not.toBeNull();
  });
});

describe("variantPlan", () => {
  const widthsOf = (width: number) => variantPlan(width).filter((v) => v.format === "webp").map((v) => v.width);

  it("makes AVIF and WebP at each served width up to the photo's own, and the social JPEG at most 1,200 px", () => {
    expect(variantPlan(4_032)).toEqual([
      { width: 320, format: "avif" },
      { width: 320, format: "webp" },
      { width: 640, format: "avif" },
      { width: 640, format: "webp" },
      { width: 960, format: "avif" },
      { width: 960, format: "webp" },
      { width: 1280, format: "avif" },
      { width: 1280, format: "webp" },
      { width: 1200, format: "jpeg" },
    ]);
    expect(widthsOf(1_000)).toEqual([320, 640, 960]);
    expect(variantPlan(1_000).at(-1)).toEqual({ width: 1_000, format: "jpeg" });
    expect(widthsOf(640)).toEqual([320, 640]);
  });

  it("never enlarges: a photo narrower than 320 px is kept at its own width only", () => {
    expect(variantPlan(250)).toEqual([
      { width: 250, format: "avif" },
      { width: 250, format: "webp" },
      { width: 250, format: "jpeg" },
    ]);
    for (const width of [1, 200, 319, 320, 321, 959, 1_199, 1_201, 8_000]) for (const v of variantPlan(width)) expect(v.width).toBeLessThanOrEqual(width);
  });
});

describe("sources for public pages", () => {
  const image = { publicId: ID, width: 960, height: 720, widths: [640, 320, 960], alt: "The library" };

  it("are the build's shape with URLs under /media/, smallest first", () => {
    expect(mediaSources(image)).toEqual({
      width: 960,
      height: 720,
      avif: `/media/${ID}-320.avif 320w, /media/${ID}-640.avif 640w, /media/${ID}-960.avif 960w`,
      webp: `/media/${ID}-320.webp 320w, /media/${ID}-640.webp 640w, /media/${ID}-960.webp 960w`,
      src: `/media/${ID}-960.webp`,
      social: `/media/${ID}-social.jpg`,
    });
    expect(mediaPicture(image)).toMatchObject({ alt: "The library", src: `/media/${ID}-960.webp`, width: 960, height: 720 });
  });

  it("refers to a photo as /media/<id>, which the content items' schema takes", () => {
    expect(mediaRef(ID)).toBe(`/media/${ID}`);
    expect(imageRef.safeParse(mediaRef(ID)).success).toBe(true);
    expect(publicIdOfRef(`/media/${ID}`)).toBe(ID);
    expect(publicIdOfRef("/images/campus.svg")).toBeNull();
    expect(publicIdOfRef(`/media/${ID}-640.webp`)).toBeNull();
    const view = pictureView({ ...image, caption: "", album: null, bytes: 2_400_000, uploadedBy: "editor@school.test", uploadedAt: new Date("2026-07-01T04:30:00Z") });
    expect(view).toMatchObject({ ref: `/media/${ID}`, thumbnail: `/media/${ID}-320.webp`, widths: [640, 320, 960], uploadedAt: "2026-07-01T04:30:00.000Z" });
  });
});

describe("what the editor writes, and the messages", () => {
  it("trims the words, turns an empty album into none and refuses a bad album", () => {
    expect(photoFieldsSchema.parse({ alt: "  Sports day ", caption: "", album: "" })).toEqual({ alt: "Sports day", caption: "", album: null });
    expect(photoFieldsSchema.parse({ alt: "", caption: "", album: "sports-day-2026" }).album).toBe("sports-day-2026");
    expect(photoFieldsSchema.safeParse({ alt: "", caption: "", album: "Sports Day!" }).success).toBe(false);
    expect(photoFieldsSchema.safeParse({ alt: "x".repeat(251), caption: "", album: "" }).success).toBe(false);
  });

  it("names the file and why, per problem", () => {
    expect(photoProblemMessage("too_large_bytes", "IMG_2041.jpg", { bytes: 50 * 1024 * 1024 })).toBe(
      'IMG_2041.jpg is 50.0 MB, over 15 MB the site takes: send a smaller copy (a phone\'s "large" or "medium" size is plenty for the website)',
    );
    expect(photoProblemMessage("not_a_picture", "notes.jpg")).toMatch(/^notes\.jpg is not a JPEG, PNG or WebP picture/);
    expect(photoProblemMessage("too_many_pixels", "scan.png", { format: "png" })).toMatch(/^Photo scan\.png is too large a picture \(more than 40 megapixels/);
    expect(photoProblemMessage("unreadable", "half.jpg", { format: "jpeg" })).toMatch(/^Photo half\.jpg could not be read as a JPEG picture/);
    expect(photoProblemMessage("busy", "a.jpg")).toMatch(/busy.*the photos already saved are kept/);
  });

  it("lets the upload routes read one whole photo and its words, and no more than that", () => {
    for (const route of ["/admin/content/pictures", "/admin/content/pictures.json"] as const) {
      expect(BODY_LIMITS[route]).toBeGreaterThan(MAX_PHOTO_BYTES);
      expect(BODY_LIMITS[route]).toBeLessThanOrEqual(MAX_PHOTO_BYTES + 64 * 1024);
    }
  });
});
