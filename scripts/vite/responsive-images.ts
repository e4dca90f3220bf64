/**
 * A small Vite plugin that turns the images under content/images/ (JPEG, PNG or WebP photos)
 * into responsive AVIF and WebP files at build time, plus one JPEG for social previews. SVG
 * illustrations are served as they are (one hashed copy, sharp at every screen density and
 * 0.4-1.8 KB compressed where their 960 px AVIFs were 3.6-16.0 KB), with only the social JPEG made from
 * them: a raster copy was the largest request on a phone and put /transform's Lighthouse LCP
 * over 1 s (decision 036). It exposes `virtual:responsive-images`, a map from the file's path
 * under content/images/ (e.g. "gallery/annual-day-march-past.svg") to its intrinsic size and
 * srcsets (empty for an SVG).
 *
 * - Build: the client build writes every variant to build/client/img/ with sharp. Names carry a
 *   hash of the source bytes, so the server caches them for a year. Encoded files are kept in
 *   node_modules/.cache/kva-images, so a rebuild only encodes what changed.
 * - Development: the same URLs are answered by a middleware that encodes on first request.
 *
 * (vite-imagetools would do this, but its current major needs Node 22; this project runs on 20.)
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync, copyFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import { precompressFile } from "./precompress";
// The sizes and encodings the site serves, shared with the photos the school uploads.
import { IMAGE_WIDTHS, SERVED_ENCODING, SOCIAL_WIDTH, servedWidths } from "../../app/lib/images";

const VIRTUAL_ID = "virtual:responsive-images";
const RESOLVED_ID = "\0" + VIRTUAL_ID;
const SOURCE_EXTENSIONS = /\.(svg|jpe?g|png|webp)$/i;

type Format = "avif" | "webp" | "jpeg" | "svg";

/** One file to produce: its public file name and how to make it. */
type Variant = { file: string; source: string; width: number; format: Format };

/** What `virtual:responsive-images` exports for each source image. */
export type ResponsiveImageData = {
  /** Intrinsic size of the largest variant (px); the aspect ratio of every variant. */
  width: number;
  height: number;
  /** `srcset` strings, smallest first; empty for an SVG, which is served as it is (`src`). */
  avif: string;
  webp: string;
  /** The largest WebP (the SVG itself for an SVG), for `<img src>` and no-JS links to the full picture. */
  src: string;
  /** A JPEG about 1200 px wide for social previews. */
  social: string;
};

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : SOURCE_EXTENSIONS.test(name) ? [full] : [];
  });
}

/** Intrinsic size of a source; SVGs use their width/height (or viewBox). */
async function sourceSize(file: string): Promise<{ width: number; height: number }> {
  const meta = await sharp(file).metadata();
  if (!meta.width || !meta.height) throw new Error(`${file}: cannot read the image size`);
  return { width: meta.width, height: meta.height };
}

async function encode(variant: Variant, sourceWidth: number): Promise<Buffer> {
  if (variant.format === "svg") return readFileSync(variant.source);
  const isSvg = variant.source.toLowerCase().endsWith(".svg");
  // Rasterise vector sources at the density that gives the target width directly.
  const input = isSvg ? sharp(variant.source, { density: Math.min(2400, (72 * variant.width) / sourceWidth) }) : sharp(variant.source);
  const resized = input.resize({ width: variant.width, withoutEnlargement: !isSvg });
  if (variant.format === "avif") return resized.avif(SERVED_ENCODING.avif).toBuffer();
  if (variant.format === "webp") return resized.webp(SERVED_ENCODING.webp).toBuffer();
  return resized.flatten({ background: "#ffffff" }).jpeg(SERVED_ENCODING.jpeg).toBuffer();
}

export function responsiveImages(options: { sourceDir: string; publicPath?: string; cacheDir?: string }): Plugin {
  const sourceDir = path.resolve(options.sourceDir);
  const publicPath = options.publicPath ?? "/img/";
  const cacheDir = path.resolve(options.cacheDir ?? "node_modules/.cache/kva-images");
  let variants = new Map<string, Variant & { sourceWidth: number }>();
  let moduleCode: string | undefined;

  async function scan(): Promise<string> {
    variants = new Map();
    const entries: Record<string, ResponsiveImageData> = {};
    for (const source of walk(sourceDir).sort()) {
      const key = path.relative(sourceDir, source).split(path.sep).join("/");
      const { width: sw, height: sh } = await sourceSize(source);
      const isSvg = source.toLowerCase().endsWith(".svg");
      const hash = createHash("sha256").update(readFileSync(source)).digest("hex").slice(0, 10);
      const base = key.replace(SOURCE_EXTENSIONS, "").replaceAll("/", "-");
      // An SVG keeps the intrinsic size its raster copies had (the largest served width), so
      // pages lay it out as before.
      const widths = isSvg ? [...IMAGE_WIDTHS] : servedWidths(sw);
      const add = (width: number, format: Format) => {
        const file = format === "svg" ? `${base}.${hash}.svg` : `${base}-${width}.${hash}.${format === "jpeg" ? "jpg" : format}`;
        variants.set(file, { file, source, width, format, sourceWidth: sw });
        return `${publicPath}${file}`;
      };
      const srcset = (format: Format) => (isSvg ? "" : widths.map((w) => `${add(w, format)} ${w}w`).join(", "));
      const largest = widths.at(-1)!;
      const avif = srcset("avif");
      const webp = srcset("webp");
      const socialWidth = isSvg ? SOCIAL_WIDTH : Math.min(SOCIAL_WIDTH, sw);
      entries[key] = {
        width: largest,
        height: Math.round((largest * sh) / sw),
        avif,
        webp,
        src: isSvg ? add(largest, "svg") : `${publicPath}${[...variants.values()].find((v) => v.source === source && v.width === largest && v.format === "webp")!.file}`,
        social: add(socialWidth, "jpeg"),
      };
    }
    return `export const images = ${JSON.stringify(entries, null, 2)};\n`;
  }

  /** The encoded bytes of one variant, from the cache when possible. */
  async function produce(variant: Variant & { sourceWidth: number }): Promise<Buffer> {
    const cached = path.join(cacheDir, variant.file);
    if (existsSync(cached)) return readFileSync(cached);
    const bytes = await encode(variant, variant.sourceWidth);
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, bytes);
    return bytes;
  }

  return {
    name: "kva-responsive-images",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const file of walk(sourceDir)) this.addWatchFile(file);
      moduleCode ??= await scan();
      return moduleCode;
    },
    async writeBundle(outputOptions) {
      if (this.environment?.name !== "client" || !outputOptions.dir) return;
      moduleCode ??= await scan();
      const outDir = path.join(outputOptions.dir, publicPath.replace(/^\/|\/$/g, ""));
      mkdirSync(outDir, { recursive: true });
      const pending = [...variants.values()];
      // Two at a time: sharp is multi-threaded already and the machine is small.
      const worker = async () => {
        for (let v = pending.shift(); v; v = pending.shift()) {
          const target = path.join(outDir, v.file);
          const cached = path.join(cacheDir, v.file);
          if (existsSync(cached)) copyFileSync(cached, target);
          else writeFileSync(target, await produce(v));
          // Here rather than by the precompress plugin: plugins' writeBundle hooks run in
          // parallel, so that plugin may list img/ before these files are written.
          if (v.format === "svg") await precompressFile(target);
        }
      };
      await Promise.all([worker(), worker()]);
    },
    configureServer(server) {
      server.watcher.on("change", (file) => {
        if (file.startsWith(sourceDir)) moduleCode = undefined;
      });
      server.middlewares.use(async (req, res, next) => {
        const url = req.url ?? "";
        if (!url.startsWith(publicPath)) return next();
        moduleCode ??= await scan();
        const variant = variants.get(decodeURIComponent(url.slice(publicPath.length).split("?")[0]!));
        if (!variant) return next();
        try {
          const bytes = await produce(variant);
          res.setHeader("Content-Type", variant.format === "svg" ? "image/svg+xml" : `image/${variant.format}`);
          res.end(bytes);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
