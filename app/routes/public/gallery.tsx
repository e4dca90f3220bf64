/** /gallery: albums and videos from content/gallery.ts, with VideoObject JSON-LD. Prerendered. */
import type { Route } from "./+types/gallery";
import { videos } from "#content/gallery";
import { getContentPage } from "~/features/content/pages.server";
import { galleryAlbums, galleryVideos } from "~/features/content/gallery.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { videoJsonLd } from "~/features/content/structured-data";
import { GalleryPage } from "~/features/content/components/gallery-page";

export function loader() {
  return {
    page: getContentPage("/gallery"),
    albums: galleryAlbums(),
    videos: galleryVideos(),
    videoMeta: videos.map((v) => ({ name: v.title, description: v.description, uploadDate: v.uploadDate, contentUrl: v.url, duration: v.duration })),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const siteUrl = siteUrlFrom(matches);
  const thumbs = data.videos.map((v) => v.thumbnail.src);
  return pageMeta({ ...data.page.seo, siteUrl, jsonLd: data.videoMeta.map((v, i) => videoJsonLd(siteUrl, { ...v, thumbnail: thumbs[i]! })) });
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return <GalleryPage page={loaderData.page} albums={loaderData.albums} videos={loaderData.videos} />;
}
