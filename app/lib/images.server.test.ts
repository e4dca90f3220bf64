import { crc32 } from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_BOUNDS, IMAGE_COPIES, imageProblemMessage } from "./images";
import { createJobQueue, inspectImage, normaliseImage, QueueFullError, renderVariants } from "./images.server";

/** A flat picture of `width` × `height` pixels (flat pictures compress to almost nothing). */
const flat = (width: number, height: number, channels: 3 | 4 = 3) => sharp({ create: { width, height, channels, background: { r: 200, g: 60, b: 40, alpha: 0.5 } } });

/** The EXIF tag that points to the GPS block (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

/** A PNG chunk: length, type, data, CRC-32. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.byteLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([head, Buffer.from(type), data, crc]);
}

/** An RGBA PNG whose header says `width` × `height` at `depth` bits, with one empty data chunk: what a header read sees. */
function pngHeader(width: number, height: number, depth: 8 | 16, interlaced: boolean): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([depth, 6, 0, 0, interlaced ? 1 : 0], 8);
  const emptyDeflate = Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", emptyDeflate), chunk("IEND", Buffer.alloc(0))]);
}

let huge: Buffer;
beforeAll(async () => {
  // 100 megapixels in a few hundred KB: what the review sent as a photograph.
  huge = await flat(10_000, 10_000, 4).png().toBuffer();
}, 20_000);

describe("picture headers (nothing decoded)", () => {
  it("refuses a 10,000 × 10,000 PNG from its header with sharp's own pixel limit, in milliseconds", async () => {
    expect(huge.byteLength).toBeLessThan(2 * 1024 * 1024);
    // sharp itself refuses it when told the bound: the check does not rest on our arithmetic.
    await expect(sharp(huge, { limitInputPixels: IMAGE_BOUNDS.maxPixels }).metadata()).rejects.toThrow(/exceeds pixel limit/);
    const started = performance.now();
    expect(await inspectImage(huge, "png")).toEqual({ ok: false, problem: "too_many_pixels" });
    expect(await normaliseImage(huge, "png", "photograph")).toEqual({ ok: false, problem: "too_many_pixels" });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("takes a side of 8,000 pixels and refuses 8,001; the message names the bounds", async () => {
    expect(await inspectImage(await flat(8_000, 10).png().toBuffer(), "png")).toEqual({ ok: true, header: { format: "png", width: 8_000, height: 10, oriented: { width: 8_000, height: 10 } } });
    expect(await inspectImage(await flat(10, 8_001).png().toBuffer(), "png")).toEqual({ ok: false, problem: "too_many_pixels" });
    expect(imageProblemMessage("too_many_pixels", "child's photograph", "png")).toBe(
      "The child's photograph is too large a picture (more than 40 megapixels, or wider or taller than 8,000 pixels): attach a smaller copy, such as a phone photo or a scan at 300 dpi",
    );
  });

  it("refuses a progressive or interlaced picture that would have to be held whole beyond 160 MB", async () => {
    // 5,000 × 4,100 × 4 channels × 2 bytes = 164 MB held whole when interlaced; streamed when not.
    expect(await inspectImage(pngHeader(5_000, 4_100, 16, true), "png")).toEqual({ ok: false, problem: "too_large_progressive" });
    expect(await inspectImage(pngHeader(5_000, 4_100, 16, false), "png")).toMatchObject({ ok: true });
    // 8-bit RGBA at the pixel bound: 160 MB, taken.
    expect(await inspectImage(pngHeader(8_000, 5_000, 8, true), "png")).toMatchObject({ ok: true });
    expect(IMAGE_BOUNDS.maxHeldBytes).toBe(160_000_000);
  });

  it("refuses a PNG signature over other content, a JPEG sent as a PNG, and a truncated picture", async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")]);
    expect(await inspectImage(fake, "png")).toEqual({ ok: false, problem: "unreadable" });
    const jpeg = await flat(40, 30).jpeg().toBuffer();
    expect(await inspectImage(jpeg, "png")).toEqual({ ok: false, problem: "unreadable" });
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    expect(await normaliseImage(photo.subarray(0, photo.byteLength / 2), "jpeg", "photograph")).toEqual({ ok: false, problem: "unreadable" });
  });
});

describe("normalised copies", () => {
  it("drop EXIF (GPS included), apply the orientation and fit the longest side", async () => {
    // A phone photo held sideways: stored 3,000 × 2,000 with orientation 6 (turn 90° clockwise),
    // carrying where it was taken.
    const source = await flat(3_000, 2_000)
      .withExif({ IFD0: { Make: "Phone", Copyright: "Where-I-live" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "22/1 20/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "87/1 19/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(source).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsPointer(before.exif!)).toBe(true);

    const copy = await normaliseImage(source, "jpeg", "photograph");
    if (!copy.ok) throw new Error(copy.problem);
    expect(copy).toMatchObject({ width: 800, height: 1_200, source: { format: "jpeg", width: 3_000, height: 2_000 } });
    const after = await sharp(copy.jpeg).metadata();
    expect(after).toMatchObject({ format: "jpeg", width: 800, height: 1_200, space: "srgb" });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(copy.jpeg.includes("Where-I-live")).toBe(false);
  });

  it("keep a document legible (2,400 pixels) and never enlarge; transparency becomes white", async () => {
    const scan = await normaliseImage(await flat(3_000, 4_000).png().toBuffer(), "png", "document");
    expect(scan).toMatchObject({ ok: true, width: 1_800, height: IMAGE_COPIES.document.longestSide });
    const small = await normaliseImage(await flat(300, 200, 4).png().toBuffer(), "png", "photograph");
    if (!small.ok) throw new Error(small.problem);
    expect([small.width, small.height]).toEqual([300, 200]);
    const { data } = await sharp(small.jpeg).raw().toBuffer({ resolveWithObject: true });
    // Half-transparent red over white: pink, not red over black.
    expect(data[0]).toBeGreaterThan(220);
    expect(data[1]).toBeGreaterThan(140);
  });
});

describe("WebP", () => {
  it("is read from its header, and counted as held whole (libvips decodes a WebP at once)", async () => {
    expect(await inspectImage(await flat(300, 200, 4).webp().toBuffer(), "webp")).toEqual({ ok: true, header: { format: "webp", width: 300, height: 200, oriented: { width: 300, height: 200 } } });
    // 6,400 × 6,400 = 41 megapixels: over the pixel bound, refused from the header.
    expect(await inspectImage(await flat(6_400, 6_400).webp({ quality: 1 }).toBuffer(), "webp")).toEqual({ ok: false, problem: "too_many_pixels" });
    expect(await inspectImage(await flat(40, 30).png().toBuffer(), "webp")).toEqual({ ok: false, problem: "unreadable" });
  }, 20_000);
});

describe("served sizes (renderVariants)", () => {
  it("decodes once, orients, never enlarges, and writes no metadata in any format", async () => {
    const source = await flat(1_000, 700)
      .withExif({ IFD0: { Copyright: "Where-I-live" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "22/1 20/1 0/1" } })
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    const result = await renderVariants(source, "jpeg", (oriented) => [
      { width: Math.min(640, oriented.width), format: "avif" },
      { width: 2_000, format: "webp" },
      { width: 1_200, format: "jpeg" },
    ]);
    if (!result.ok) throw new Error(result.problem);
    expect(result.source.oriented).toEqual({ width: 700, height: 1_000 });
    // Upright (700 × 1,000); the WebP and JPEG asked wider than the photo stay at its width.
    expect(result.variants.map(({ width, height, format }) => ({ width, height, format }))).toEqual([
      { width: 640, height: 914, format: "avif" },
      { width: 700, height: 1_000, format: "webp" },
      { width: 700, height: 1_000, format: "jpeg" },
    ]);
    for (const v of result.variants) {
      const meta = await sharp(v.data).metadata();
      expect({ exif: meta.exif, xmp: meta.xmp, orientation: meta.orientation, mine: v.data.includes("Where-I-live") }).toEqual({ exif: undefined, xmp: undefined, orientation: undefined, mine: false });
    }
  });

  it("refuses what the header check refuses, and damaged pixels, without a job", async () => {
    const plan = () => [{ width: 320, format: "webp" as const }];
    expect(await renderVariants(huge, "png", plan)).toEqual({ ok: false, problem: "too_many_pixels" });
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    expect(await renderVariants(photo.subarray(0, photo.byteLength / 2), "jpeg", plan)).toEqual({ ok: false, problem: "unreadable" });
  });
});

describe("the image queue", () => {
  it("runs at most its number of jobs at once, in order, and answers busy beyond its waiting limit", async () => {
    const queue = createJobQueue(2, 3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const job = (n: number) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        order.push(n);
        running--;
        return n;
      });
    const jobs = [1, 2, 3, 4, 5].map(job);
    await expect(job(6)).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.state()).toEqual({ running: 2, waiting: 3 });
    while (order.length < 5) {
      await new Promise((r) => setTimeout(r, 1));
      releases.shift()?.();
    }
    expect(await Promise.all(jobs)).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(queue.state()).toEqual({ running: 0, waiting: 0 });
    // A job that fails frees its slot too.
    await expect(queue.run(async () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(queue.state()).toEqual({ running: 0, waiting: 0 });
  });
});
