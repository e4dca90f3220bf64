/** /gallery: the published albums (edited in the admin) and the videos of content/gallery.ts, with VideoObject JSON-LD. Kept in memory per content epoch. */
import type { Route } from "./+types/gallery";
import { videos } from "#content/gallery";
import { getContentPage } from "~/features/content/pages.server";
import { galleryVideos } from "~/features/content/gallery.server";
import { socialImage } from "~/features/content/images.server";
import { visibleAlbums } from "~/features/content/published.server";
import { renderInstant } from "~/lib/prerender";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { videoJsonLd } from "~/features/content/structured-data";
import { GalleryPage } from "~/features/content/components/gallery-page";

export function loader({ context }: Route.LoaderArgs) {
  return {
    page: getContentPage("/gallery"),
    albums: visibleAlbums(renderInstant(context)).map(({ publishAt: _p, unpublishAt: _u, ...album }) => album),
    videos: galleryVideos(),
    // The thumbnail's JPEG: an illustration's own file is an SVG, which not every search engine takes for a video.
    videoMeta: videos.map((v) => ({ name: v.title, description: v.description, uploadDate: v.uploadDate, contentUrl: v.url, duration: v.duration, thumbnail: socialImage(v.thumbnail, v.thumbnailAlt).url })),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const siteUrl = siteUrlFrom(matches);
  return pageMeta({ ...data.page.seo, siteUrl, jsonLd: data.videoMeta.map((v) => videoJsonLd(siteUrl, v)) });
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return <GalleryPage page={loaderData.page} albums={loaderData.albums} videos={loaderData.videos} />;
}
