/**
 * Image work on uploads (DESIGN.md §2 "uploads and images"; the rules are in images.ts): read a
 * picture's header, refuse it when it is over the bounds or not what its signature says, and
 * make its normalised copy. Any upload the site takes (admission documents now, a gallery
 * later) goes through here; nothing else on the server decodes an uploaded picture.
 *
 * - The header is read with sharp's `metadata()` and `limitInputPixels` set to the bound, so
 *   libvips itself refuses a decompression bomb before allocating anything for its pixels
 *   (OWASP File Upload Cheat Sheet, "Image rewriting"; CWE-409). A header-only read costs about
 *   2 ms whatever the picture claims, and runs before any decoding. A progressive or
 *   interlaced picture that would have to be held whole beyond IMAGE_BOUNDS.maxHeldBytes is
 *   refused there too, so one job stays under ~200 MB.
 * - Decoding happens only in `normaliseImage`, in a bounded queue: IMAGE_JOBS jobs at once (one
 *   per two cores, each on one libvips thread of libuv's pool, so the event loop and the other
 *   core stay free for pages), at most IMAGE_QUEUE_LIMIT waiting (then "busy"), each stopped by
 *   sharp after IMAGE_TIMEOUT_SECONDS. libvips' operation cache is off: every upload is new.
 * - libvips picks its loader from the content; only bytes already sniffed as JPEG, PNG or WebP
 *   reach it, and the format it reports must be that one.
 * - `renderVariants` makes the sizes a photo is served in (the school's uploads): one decode
 *   to at most the largest size, then each size encoded from that, all in one job.
 */
import os from "node:os";
import sharp from "sharp";
import { IMAGE_BOUNDS, IMAGE_COPIES, SERVED_ENCODING, UPLOAD_AVIF_EFFORT, type ImageCopy, type ImageProblem, type UploadImageFormat, type VariantSpec } from "./images";

/**
 * Longest one image job may compute, in seconds; sharp stops it there. The slowest picture
 * within the bounds takes about 4 s of an idle core (a 40-megapixel 16-bit RGBA PNG): 20 s leaves
 * room for a busy machine and still frees the queue from a picture built to be slow.
 */
export const IMAGE_TIMEOUT_SECONDS = 20;
/** Image jobs run at once: one per two cores, at least one. */
export const IMAGE_JOBS = Math.max(1, Math.floor(os.availableParallelism() / 2));
/** Image jobs that may wait for a turn; one more is answered "busy". */
export const IMAGE_QUEUE_LIMIT = 32;

let configured = false;
function configureSharp() {
  if (configured) return;
  configured = true;
  // Each upload is decoded once: caching operations would only hold memory.
  sharp.cache(false);
  // One libvips thread per job: the queue decides how many cores image work takes.
  sharp.concurrency(1);
}

/** Thrown by a JobQueue's `run` when IMAGE_QUEUE_LIMIT jobs already wait. */
export class QueueFullError extends Error {
  constructor() {
    super("Too many image jobs are waiting.");
  }
}

export type JobQueue = {
  /** Runs `job` when a slot is free; resolves or rejects as it does. Throws QueueFullError when `maxWaiting` wait already. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now. */
  state(): { running: number; waiting: number };
};

/** A first-come queue that runs at most `concurrency` jobs at once and lets `maxWaiting` wait. */
export function createJobQueue(concurrency: number, maxWaiting: number): JobQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(job) {
      if (running < concurrency) running++;
      else if (waiting.length >= maxWaiting) throw new QueueFullError();
      // The slot is handed over by the job that ends (below), so `running` never dips.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    state: () => ({ running, waiting: waiting.length }),
  };
}

const queue = createJobQueue(IMAGE_JOBS, IMAGE_QUEUE_LIMIT);

/** The image queue's load now (for the bench and the logs). */
export const imageQueueState = () => queue.state();

/**
 * A picture's header: its format, its stored width and height in pixels (before EXIF
 * orientation), and the size it shows at once its EXIF orientation is applied (`oriented`).
 */
export type ImageHeader = { format: UploadImageFormat; width: number; height: number; oriented: { width: number; height: number } };
export type ImageRefusal = { ok: false; problem: ImageProblem | "busy" };

const refused = (problem: ImageProblem | "busy"): ImageRefusal => ({ ok: false, problem });
const inputOptions = { limitInputPixels: IMAGE_BOUNDS.maxPixels, failOn: "warning" } as const;

/** Bytes per sample of a libvips band format. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/**
 * Bytes libvips must hold to decode a picture whole, from its header: an interlaced PNG's
 * pixels, a progressive JPEG's DCT coefficients (2 bytes a sample); 0 for pictures it decodes
 * a strip at a time.
 */
function heldBytes(meta: { format?: string; width: number; height: number; channels?: number; depth?: string; isProgressive?: boolean }): number {
  // libvips decodes a WebP whole, as 8-bit RGB or RGBA.
  if (meta.format === "webp") return meta.width * meta.height * 4;
  if (!meta.isProgressive) return 0;
  const sample = meta.format === "jpeg" ? 2 : (SAMPLE_BYTES[meta.depth ?? ""] ?? 8);
  return meta.width * meta.height * (meta.channels ?? 4) * sample;
}

/**
 * Reads the header of `input` (a whole file in memory, at most a few MB, or the path of one on
 * disk) without decoding its pixels.
 * Resolves `{ ok: true, header }` for a `format` picture within IMAGE_BOUNDS; otherwise
 * `too_many_pixels` (sharp's pixel limit or a side over the bound), `too_large_progressive`
 * (progressive or interlaced, over the held-bytes bound) or `unreadable` (no header, or another
 * format than `format`). Never rejects.
 */
export async function inspectImage(input: Uint8Array | string, format: UploadImageFormat): Promise<{ ok: true; header: ImageHeader } | ImageRefusal> {
  configureSharp();
  const meta = await sharp(input, inputOptions)
    .metadata()
    .catch((error: unknown) => new Error(String(error)));
  if (meta instanceof Error) return refused(/pixel limit/i.test(meta.message) ? "too_many_pixels" : "unreadable");
  const { width, height } = meta;
  if (meta.format !== format || !width || !height) return refused("unreadable");
  if (width > IMAGE_BOUNDS.maxSide || height > IMAGE_BOUNDS.maxSide || width * height > IMAGE_BOUNDS.maxPixels) return refused("too_many_pixels");
  if (heldBytes({ ...meta, width, height }) > IMAGE_BOUNDS.maxHeldBytes) return refused("too_large_progressive");
  return { ok: true, header: { format, width, height, oriented: meta.autoOrient ?? { width, height } } };
}

/** A normalised copy: JPEG bytes, its size in pixels, and the header of the picture it came from. */
export type NormalisedImage = { ok: true; jpeg: Buffer; width: number; height: number; source: ImageHeader };

/**
 * The normalised copy of `bytes` for `copy` (IMAGE_COPIES): checked with `inspectImage` first,
 * then decoded once in the queue: EXIF orientation applied, fitted inside the copy's longest side
 * (never enlarged), transparency on white, sRGB, JPEG, every metadata block dropped (EXIF, GPS,
 * XMP, IPTC, ICC). Resolves a refusal instead of rejecting: the header's (`too_many_pixels`,
 * `unreadable`), `unreadable` when the pixels are damaged (sharp's `failOn: "warning"`, as its
 * documentation advises for untrusted input), `busy` when the queue is full or the job ran past
 * IMAGE_TIMEOUT_SECONDS.
 */
export async function normaliseImage(bytes: Uint8Array, format: UploadImageFormat, copy: ImageCopy): Promise<NormalisedImage | ImageRefusal> {
  const inspected = await inspectImage(bytes, format);
  if (!inspected.ok) return inspected;
  const { longestSide, quality } = IMAGE_COPIES[copy];
  try {
    return await queue.run(async () => {
      const { data, info } = await sharp(bytes, { ...inputOptions, autoOrient: true })
        .timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
        .resize({ width: longestSide, height: longestSide, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .toColourspace("srgb")
        .jpeg({ quality })
        .toBuffer({ resolveWithObject: true });
      return { ok: true as const, jpeg: data, width: info.width, height: info.height, source: inspected.header };
    });
  } catch (error) {
    if (error instanceof QueueFullError || /^Error: timeout/.test(String(error))) return refused("busy");
    return refused("unreadable");
  }
}

/** A size made: its spec, its encoded bytes and its height in pixels. */
export type Variant = VariantSpec & { height: number; data: Buffer };

/**
 * Makes the sizes of `bytes` (a `format` picture) that `plan` asks for, given the picture's
 * size once oriented (px): checked with `inspectImage` first (nothing is decoded when it is
 * over the bounds), then in the queue, as one job, decoded once with EXIF orientation applied,
 * reduced to the widest size asked (never enlarged) in sRGB, and each size encoded from that
 * with SERVED_ENCODING (AVIF at UPLOAD_AVIF_EFFORT; AVIF and WebP keep transparency; JPEG is
 * flattened on white). No
 * metadata is written (EXIF with GPS, XMP, IPTC, ICC: sharp drops them unless told to keep
 * them). Resolves a refusal instead of rejecting, as `normaliseImage` does: the header's,
 * `unreadable` for damaged pixels or an empty plan, `busy` for a full queue or a job past
 * IMAGE_TIMEOUT_SECONDS.
 */
export async function renderVariants(
  bytes: Uint8Array,
  format: UploadImageFormat,
  plan: (oriented: { width: number; height: number }) => VariantSpec[],
): Promise<{ ok: true; source: ImageHeader; variants: Variant[] } | ImageRefusal> {
  const inspected = await inspectImage(bytes, format);
  if (!inspected.ok) return inspected;
  const specs = plan(inspected.header.oriented);
  if (specs.length === 0) return refused("unreadable");
  const widest = Math.max(...specs.map((v) => v.width));
  try {
    return await queue.run(async () => {
      const { data, info } = await sharp(bytes, { ...inputOptions, autoOrient: true })
        .timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
        .resize({ width: widest, withoutEnlargement: true })
        .toColourspace("srgb")
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const variants: Variant[] = [];
      for (const spec of specs) {
        let image = sharp(data, raw).timeout({ seconds: IMAGE_TIMEOUT_SECONDS }).resize({ width: Math.min(spec.width, info.width) });
        if (spec.format === "avif") image = image.avif({ ...SERVED_ENCODING.avif, effort: UPLOAD_AVIF_EFFORT });
        else if (spec.format === "webp") image = image.webp(SERVED_ENCODING.webp);
        else image = image.flatten({ background: "#ffffff" }).jpeg(SERVED_ENCODING.jpeg);
        const out = await image.toBuffer({ resolveWithObject: true });
        variants.push({ ...spec, width: out.info.width, height: out.info.height, data: out.data });
      }
      return { ok: true as const, source: inspected.header, variants };
    });
  } catch (error) {
    if (error instanceof QueueFullError || /^Error: timeout/.test(String(error))) return refused("busy");
    return refused("unreadable");
  }
}
