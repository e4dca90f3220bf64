/**
 * A responsive picture: AVIF and WebP sources with srcsets from the build (none for an SVG
 * illustration, which is one file at every width), explicit width and height (no layout
 * shift), lazy unless it is the page's main (above-the-fold) image.
 */
import type { Picture as PictureData } from "../images.server";

type Props = {
  image: PictureData;
  /** `sizes` attribute: the image's rendered width at each breakpoint. */
  sizes: string;
  /** The page's main image above the fold: loaded eagerly with high priority. */
  priority?: boolean;
  className?: string;
};

export function Picture({ image, sizes, priority = false, className }: Props) {
  return (
    <picture>
      {image.avif && <source type="image/avif" srcSet={image.avif} sizes={sizes} />}
      {image.webp && <source type="image/webp" srcSet={image.webp} sizes={sizes} />}
      <img
        src={image.src}
        srcSet={image.webp || undefined}
        alt={image.alt}
        width={image.width}
        height={image.height}
        sizes={image.webp ? sizes : undefined}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className={className}
      />
    </picture>
  );
}
