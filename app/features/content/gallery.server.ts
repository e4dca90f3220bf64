/**
 * The gallery's files (content/gallery.ts): its albums as the database's first copy (they are
 * edited in the admin afterwards; published.server.ts serves them), and its videos with
 * responsive thumbnails.
 */
import { albums, videos } from "#content/gallery";
import { picture } from "./images.server";
import type { GalleryVideo } from "./components/gallery-page";

/** "PT6M30S" → "6 min 30 s". Throws RangeError for another format. */
export function durationLabel(iso: string): string {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso);
  if (!m || iso === "PT") throw new RangeError(`Not an ISO 8601 duration: ${iso}`);
  const [, h, min, s] = m;
  return [h && `${h} h`, min && `${min} min`, s && `${s} s`].filter(Boolean).join(" ");
}

/** The albums of content/gallery.ts as content items (store.server.ts `seedContent`), published with no schedule. */
export function albumSeedItems(): { kind: "album"; slug: string; fields: Record<string, unknown> }[] {
  return albums.map(({ id, pictures, ...album }) => ({ kind: "album" as const, slug: id, fields: { ...album, pictures, publishAt: null, unpublishAt: null } }));
}

/** Videos with thumbnails and duration labels. */
export function galleryVideos(): GalleryVideo[] {
  return videos.map((v) => ({ id: v.id, title: v.title, description: v.description, url: v.url, durationLabel: durationLabel(v.duration), thumbnail: picture(v.thumbnail, v.thumbnailAlt) }));
}
