/** /gallery: the published albums (edited in the admin) and the videos of content/gallery.ts, with VideoObject JSON-LD. Kept in memory per content epoch. */
import type { Route } from "./+types/gallery";
import { videos } from "#content/gallery";
import { getContentPage } from "~/features/content/pages.server";
import { galleryVideos } from "~/features/content/gallery.server";
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
