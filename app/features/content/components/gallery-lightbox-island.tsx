/**
 * The gallery's lightbox as an island (SPEC §2 gallery). /gallery is static markup that does not
 * hydrate React; the chrome script calls openLightbox(link) on a plain click of a thumbnail
 * (`a[data-lightbox][data-album][data-index]`, see gallery-page.tsx). The albums are read once
 * from the page's `<script type="application/json" id="gallery-data">` (gallery-data.ts) and
 * GalleryLightbox is rendered in a React root of its own (createRoot: no hydration) in one
 * container appended to <body>. Closing it renders nothing and leaves focus on the thumbnail
 * that opened it. Importing this module is the preload; preloadLightbox() also reads the data.
 */
import { createRoot, type Root } from "react-dom/client";
import { GalleryLightbox } from "./gallery-lightbox";
import { GALLERY_DATA_ID, parseGalleryData, type LightboxAlbum } from "./gallery-data";

/** The albums, parsed once per data element (a new document brings a new element). */
let data: { source: Element; albums: LightboxAlbum[] } | null = null;
/** The container and its root, made on first open and reused. */
let mount: { container: HTMLElement; root: Root } | null = null;
/** What is showing, or null while the lightbox is closed. */
let showing: { album: LightboxAlbum; index: number; opener: HTMLAnchorElement } | null = null;

/** The page's albums; null when it has no data element. Throws as parseGalleryData does. */
function albums(): LightboxAlbum[] | null {
  const source = document.getElementById(GALLERY_DATA_ID);
  if (!source) return null;
  if (data?.source !== source) data = { source, albums: parseGalleryData(source.textContent ?? "") };
  return data.albums;
}

function root(): Root {
  if (!mount) {
    const container = document.createElement("div");
    mount = { container, root: createRoot(container) };
  }
  if (!mount.container.isConnected) document.body.append(mount.container);
  return mount.root;
}

function render() {
  if (!showing) {
    mount?.root.render(null);
    return;
  }
  const { album, index } = showing;
  root().render(<GalleryLightbox title={album.title} pictures={album.pictures} index={index} onIndexChange={move} onClose={close} />);
}

function move(index: number) {
  if (!showing) return;
  showing = { ...showing, index };
  render();
}

/** The dialog's close event (Close, Escape): unmount it and make sure the thumbnail has focus. */
function close() {
  const opener = showing?.opener;
  showing = null;
  render();
  // A modal <dialog> returns focus to what was focused when it opened, whichever root rendered
  // it; but where a click does not focus a link (Safari) that was <body>, so focus it here.
  if (opener?.isConnected && document.activeElement !== opener) opener.focus({ preventScroll: true });
}

/** The album and position `link` points at, or null when its data attributes or the page's data do not name a picture. */
function target(link: HTMLAnchorElement): { album: LightboxAlbum; index: number } | null {
  const a = Number(link.dataset.album);
  const index = Number(link.dataset.index);
  if (link.dataset.album === undefined || link.dataset.index === undefined || !Number.isInteger(a) || !Number.isInteger(index)) return null;
  const album = albums()?.[a];
  return album && index >= 0 && index < album.pictures.length ? { album, index } : null;
}

/**
 * Opens the lightbox at the picture of `link` (a gallery thumbnail whose click the caller has
 * already prevented). Does nothing while the lightbox is open, so a second click never makes a
 * second dialog. When the link or the page's data does not name a picture, follows the link
 * instead, as it would without JavaScript.
 */
export function openLightbox(link: HTMLAnchorElement): void {
  if (showing) return;
  let found: ReturnType<typeof target>;
  try {
    found = target(link);
  } catch (error) {
    console.error(error);
    found = null;
  }
  if (!found) {
    window.location.assign(link.href);
    return;
  }
  showing = { ...found, opener: link };
  render();
}

/** Reads the page's gallery data ahead of the first open; safe to call any number of times. Loading the module is the rest of the preload. */
export function preloadLightbox(): void {
  try {
    albums();
  } catch {
    // openLightbox reports bad data, and follows the link, when a visitor opens a picture.
  }
}
