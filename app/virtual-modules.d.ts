/** Types of the virtual modules our Vite plugins provide (scripts/vite/). */
declare module "virtual:responsive-images" {
  /** A responsive image made at build from content/images/<key> (scripts/vite/responsive-images.ts). */
  export type ResponsiveImageData = {
    /** Intrinsic size (px) of the largest variant. */
    width: number;
    height: number;
    /** srcset strings, smallest first; empty for an SVG, served as it is (`src`) */
    avif: string;
    webp: string;
    /** The largest WebP, or the SVG */
    src: string;
    /** A JPEG about 1200 px wide for social previews */
    social: string;
  };
  /** Keyed by the path under content/images/, e.g. "gallery/annual-day-march-past.svg". */
  export const images: Record<string, ResponsiveImageData>;
}
