/**
 * The data the gallery's lightbox needs (SPEC §2 gallery), carried in the static /gallery page as
 * JSON in a non-executed `<script type="application/json" id="gallery-data">`: per album, in page
 * order, its title and its pictures with captions. galleryDataJson writes it with every "<"
 * escaped as \u003c, so no "</script>" or "<!--" in a caption can end the element early;
 * parseGalleryData reads it back.
 */
import type { Picture } from "../images.server";

/** The id of the `<script type="application/json">` element that holds the data. */
export const GALLERY_DATA_ID = "gallery-data";

/** A picture as GalleryLightbox shows it. */
export type LightboxPicture = Picture & { caption: string };

/** An album as GalleryLightbox takes it: the title and the pictures, in the page's order. */
export type LightboxAlbum = { title: string; pictures: LightboxPicture[] };

/** The text for the data element: `albums` (title and pictures only) as JSON, safe inside <script>. */
export function galleryDataJson(albums: readonly { title: string; pictures: readonly LightboxPicture[] }[]): string {
  const data: LightboxAlbum[] = albums.map(({ title, pictures }) => ({
    title,
    pictures: pictures.map(({ avif, webp, src, width, height, alt, caption }) => ({ avif, webp, src, width, height, alt, caption })),
  }));
  return JSON.stringify(data).replaceAll("<", "\\u003c");
}

/**
 * The albums written by galleryDataJson. Throws SyntaxError when `text` is not JSON and TypeError
 * when it is not a list of albums with a title and a list of pictures.
 */
export function parseGalleryData(text: string): LightboxAlbum[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new TypeError("The gallery data is not a list of albums");
  for (const album of data as unknown[]) {
    const { title, pictures } = (album ?? {}) as { title?: unknown; pictures?: unknown };
    if (typeof title !== "string" || !Array.isArray(pictures)) throw new TypeError("A gallery album has no title or pictures");
  }
  return data as LightboxAlbum[];
}
