/** The gallery's albums and videos from content/gallery.ts, with responsive pictures. */
import { albums, videos } from "#content/gallery";
import { formatDisplayDate } from "~/lib/dates";
import { picture } from "./images.server";
import type { GalleryAlbum, GalleryVideo } from "./components/gallery-page";

/** "PT6M30S" → "6 min 30 s". Throws RangeError for another format. */
export function durationLabel(iso: string): string {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso);
  if (!m || iso === "PT") throw new RangeError(`Not an ISO 8601 duration: ${iso}`);
  const [, h, min, s] = m;
  return [h && `${h} h`, min && `${min} min`, s && `${s} s`].filter(Boolean).join(" ");
}

/** Albums with pictures ready for <Picture>, in content order. Throws when a picture file is missing. */
export function galleryAlbums(): GalleryAlbum[] {
  return albums.map((album) => ({
    id: album.id,
    title: album.title,
    date: album.date,
    dateLabel: formatDisplayDate(album.date),
    description: album.description,
    pictures: album.pictures.map((p) => ({ ...picture(p.image, p.alt), caption: p.caption })),
  }));
}

/** Videos with thumbnails and duration labels. */
export function galleryVideos(): GalleryVideo[] {
  return videos.map((v) => ({ id: v.id, title: v.title, description: v.description, url: v.url, durationLabel: durationLabel(v.duration), thumbnail: picture(v.thumbnail, v.thumbnailAlt) }));
}
