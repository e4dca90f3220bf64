import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responsiveImages, type ResponsiveImageData } from "./responsive-images";

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">${'<rect x="10" y="10" width="100" height="80" fill="#12305a"/>'.repeat(20)}</svg>`;

let dir: string;
let images: Record<string, ResponsiveImageData>;
let plugin: ReturnType<typeof responsiveImages>;

/** Calls one of the plugin's hooks (an object or a function in Vite's types) with `context` as `this`. */
function hook(name: "load" | "writeBundle", context: object, ...args: unknown[]): Promise<unknown> {
  const h = plugin[name] as unknown as ((...a: unknown[]) => unknown) | { handler: (...a: unknown[]) => unknown };
  return Promise.resolve((typeof h === "function" ? h : h.handler).apply(context, args));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "responsive-images-"));
  mkdirSync(path.join(dir, "src/gallery"), { recursive: true });
  writeFileSync(path.join(dir, "src/gallery/flag.svg"), SVG);
  await sharp({ create: { width: 700, height: 350, channels: 3, background: "#336699" } }).png().toFile(path.join(dir, "src/gallery/photo.png"));
  plugin = responsiveImages({ sourceDir: path.join(dir, "src"), cacheDir: path.join(dir, "cache") });
  const code = String(await hook("load", { addWatchFile: () => undefined }, "\0virtual:responsive-images"));
  images = JSON.parse(code.replace(/^export const images = /, "").replace(/;\s*$/, "")) as Record<string, ResponsiveImageData>;
  await hook("writeBundle", { environment: { name: "client" } }, { dir: path.join(dir, "out") });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("responsiveImages", () => {
  it("serves an SVG illustration as it is, with no raster srcsets, at the size its copies had", () => {
    const flag = images["gallery/flag.svg"]!;
    expect(flag.avif).toBe("");
    expect(flag.webp).toBe("");
    expect(flag.src).toMatch(/^\/img\/gallery-flag\.[0-9a-f]{10}\.svg$/);
    expect({ width: flag.width, height: flag.height }).toEqual({ width: 1280, height: 853 });
    const written = readFileSync(path.join(dir, "out/img", path.basename(flag.src)));
    expect(written.toString()).toBe(SVG);
    // Compressed copies beside it, which the server sends instead.
    expect(gunzipSync(readFileSync(path.join(dir, "out/img", `${path.basename(flag.src)}.gz`))).toString()).toBe(SVG);
    expect(readdirSync(path.join(dir, "out/img")).filter((f) => f.startsWith("gallery-flag") && /\.(avif|webp)$/.test(f))).toEqual([]);
  });

  it("still makes a JPEG of an SVG for social previews", async () => {
    const social = images["gallery/flag.svg"]!.social;
    expect(social).toMatch(/^\/img\/gallery-flag-1200\.[0-9a-f]{10}\.jpg$/);
    const meta = await sharp(path.join(dir, "out/img", path.basename(social))).metadata();
    expect({ format: meta.format, width: meta.width }).toEqual({ format: "jpeg", width: 1200 });
  });

  it("makes AVIF and WebP widths of a photo, never wider than it", async () => {
    const photo = images["gallery/photo.png"]!;
    expect(photo.avif).toMatch(/^\/img\/gallery-photo-320\.[0-9a-f]{10}\.avif 320w, \/img\/gallery-photo-640\.[0-9a-f]{10}\.avif 640w$/);
    expect(photo.webp).toMatch(/-320\.[0-9a-f]{10}\.webp 320w, .*-640\.[0-9a-f]{10}\.webp 640w$/);
    expect(photo.src).toMatch(/^\/img\/gallery-photo-640\.[0-9a-f]{10}\.webp$/);
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 640, height: 320 });
    const meta = await sharp(path.join(dir, "out/img", path.basename(photo.src))).metadata();
    expect({ format: meta.format, width: meta.width }).toEqual({ format: "webp", width: 640 });
  });
});
