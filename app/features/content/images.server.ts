/**
 * Responsive images made at build from content/images/ (scripts/vite/responsive-images.ts),
 * looked up by their path under that folder, e.g. "gallery/campus-library.svg".
 */
import { images } from "virtual:responsive-images";
import type { SocialImage } from "./meta";

/** A responsive picture ready for <Picture>: srcsets, intrinsic size and alt text. */
export type Picture = {
  /** srcsets, smallest first; empty for an SVG illustration, which is served as it is (`src`). */
  avif: string;
  webp: string;
  src: string;
  width: number;
  height: number;
  /** Empty for decorative pictures. */
  alt: string;
};

/** The keys of every image under content/images/. */
export function imageKeys(): string[] {
  return Object.keys(images);
}

/** True when content/images/<key> exists. */
export function hasImage(key: string): boolean {
  return key in images;
}

/** The picture for content/images/<key>. Throws Error naming the key when there is no such file. */
export function picture(key: string, alt: string): Picture {
  const image = images[key];
  if (!image) throw new Error(`content/images/${key} does not exist`);
  return { avif: image.avif, webp: image.webp, src: image.src, width: image.width, height: image.height, alt };
}

/** The default social preview (content/images/social/default.svg) or another image's JPEG, 1200 px wide. */
export function socialImage(key = "social/default.svg", alt = "Illustration of the school building, the national flag and students in uniform"): SocialImage {
  const image = images[key];
  if (!image) throw new Error(`content/images/${key} does not exist`);
  const width = 1200;
  return { url: image.social, width, height: Math.round((width * image.height) / image.width), alt };
}
