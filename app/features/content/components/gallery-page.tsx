/**
 * /gallery: albums of pictures and videos. Each thumbnail links to the full picture, so the page
 * works without JavaScript; with it, a click opens an accessible lightbox, whose code is loaded
 * only when a visitor first points at or opens a picture.
 */
import { lazy, Suspense, useState, type MouseEvent } from "react";
import type { ContentPage } from "../pages.server";
import type { Picture as PictureData } from "../images.server";
import { PageHeader } from "./page-header";
import { Picture } from "./picture";
import { PageClosing } from "./content-page-view";

export type GalleryAlbum = { id: string; title: string; dateLabel: string; date: string; description: string; pictures: (PictureData & { caption: string })[] };
export type GalleryVideo = { id: string; title: string; description: string; url: string; durationLabel: string; thumbnail: PictureData };

const loadLightbox = () => import("./gallery-lightbox");
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.GalleryLightbox })));

export function GalleryPage({ page, albums, videos }: { page: ContentPage; albums: readonly GalleryAlbum[]; videos: readonly GalleryVideo[] }) {
  const [open, setOpen] = useState<{ album: number; index: number } | null>(null);
  const [wanted, setWanted] = useState(false);

  function show(event: MouseEvent<HTMLAnchorElement>, album: number, index: number) {
    // Let modified clicks (new tab, download) do what the browser does.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setWanted(true);
    setOpen({ album, index });
  }

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
                      onClick={(e) => show(e, a, i)}
                      onPointerEnter={() => void loadLightbox()}
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
      {wanted && open && (
        <Suspense fallback={null}>
          <Lightbox
            title={albums[open.album]!.title}
            pictures={albums[open.album]!.pictures}
            index={open.index}
            onIndexChange={(index) => setOpen({ ...open, index })}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  );
}
