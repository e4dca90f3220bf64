/**
 * /gallery: albums of pictures and videos (SPEC §2 gallery), as static markup: the page does not
 * hydrate React. Each thumbnail links to the full picture, so the page works without JavaScript;
 * it is marked `data-lightbox` with its album's index (`data-album`) and its position in it
 * (`data-index`), and the albums' titles and pictures ride along as JSON (gallery-data.ts). The
 * chrome script turns a plain click on such a link into the lightbox island's
 * openLightbox(link) (gallery-lightbox-island.tsx), loading it when a visitor first points at
 * or focuses a thumbnail.
 */
import type { ContentPage } from "../pages.server";
import type { Picture as PictureData } from "../images.server";
import { PageHeader } from "./page-header";
import { Picture } from "./picture";
import { PageClosing } from "./content-page-view";
import { GALLERY_DATA_ID, galleryDataJson } from "./gallery-data";

export type GalleryAlbum = { id: string; title: string; dateLabel: string; date: string; description: string; pictures: (PictureData & { caption: string })[] };
export type GalleryVideo = { id: string; title: string; description: string; url: string; durationLabel: string; thumbnail: PictureData };

export function GalleryPage({ page, albums, videos }: { page: ContentPage; albums: readonly GalleryAlbum[]; videos: readonly GalleryVideo[] }) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead} />
      <div className="mx-auto max-w-7xl px-5 py-10 sm:py-14">
        {albums.map((album, a) => (
          <section key={album.id} aria-labelledby={`${album.id}-title`} className="mb-14">
            <h2 id={`${album.id}-title`} className="text-2xl font-extrabold text-brand-800 sm:text-3xl">{album.title}</h2>
            <p className="mt-2 text-slate-700">
              <time dateTime={album.date}>{album.dateLabel}</time> · {album.description}
            </p>
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
              {album.pictures.map((p, i) => (
                <li key={p.src}>
                  <figure>
                    <a
                      href={p.src}
                      data-lightbox=""
                      data-album={a}
                      data-index={i}
                      aria-haspopup="dialog"
                      className="block overflow-hidden rounded-xl ring-brand-700 hover:ring-4"
                    >
                      <Picture image={p} sizes="(min-width: 1280px) 296px, (min-width: 1024px) 23vw, 46vw" className="aspect-[3/2] h-auto w-full object-cover transition-transform hover:scale-105" />
                      <span className="sr-only">: view larger</span>
                    </a>
                    <figcaption className="mt-2 text-sm text-slate-700">{p.caption}</figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </section>
        ))}

        {videos.length > 0 && (
          <section aria-labelledby="videos-title">
            <h2 id="videos-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Videos</h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2">
              {videos.map((v) => (
                <li key={v.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                  <Picture image={v.thumbnail} sizes="(min-width: 640px) 50vw, 100vw" className="aspect-video h-auto w-full object-cover" />
                  <div className="p-5">
                    <h3 className="text-lg font-bold text-slate-900">{v.title}</h3>
                    <p className="mt-1 text-slate-700">{v.description} ({v.durationLabel})</p>
                    <a href={v.url} rel="noopener" target="_blank" className="mt-3 inline-block font-semibold text-brand-700 underline hover:text-brand-900">
                      Watch “{v.title}” on YouTube<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}

        <PageClosing page={page} narrow />
      </div>
      {/* Not run: the lightbox island reads it (gallery-data.ts escapes every "<"). */}
      <script type="application/json" id={GALLERY_DATA_ID} dangerouslySetInnerHTML={{ __html: galleryDataJson(albums) }} />
    </>
  );
}
