/**
 * The gallery's lightbox: a modal <dialog> (the rest of the page is inert while it is open;
 * Escape or Close closes it and focus returns to the thumbnail) with the picture, its caption, its
 * position ("2 of 3"), previous/next buttons and the arrow keys. Rendered, in a root of its own,
 * by the gallery's island (gallery-lightbox-island.tsx), which is loaded only when needed.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import type { Picture as PictureData } from "../images.server";
import { Picture } from "./picture";

type Props = {
  title: string;
  pictures: readonly (PictureData & { caption: string })[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

const button = "inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-2xl font-bold text-white hover:bg-white/30";

export function GalleryLightbox({ title, pictures, index, onIndexChange, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const count = pictures.length;
  const picture = pictures[index]!;
  const go = (delta: number) => onIndexChange((index + delta + count) % count);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  // Closing the native dialog (button or Escape) returns focus to the thumbnail that opened it;
  // its close event then tells the gallery to unmount the lightbox.
  const close = () => dialog.current?.close();

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
  }

  return (
    // Arrow keys move between pictures anywhere in the dialog; Escape is the native cancel.
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      onClose={onClose}
      className="m-auto h-dvh max-h-none w-screen max-w-none bg-slate-950/95 p-0 text-white"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <h2 id={headingId} className="min-w-0 truncate text-lg font-bold">
            {title}: picture {index + 1} of {count}
          </h2>
          <button type="button" onClick={close} aria-label="Close" className={button}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <figure className="flex min-h-0 flex-1 flex-col items-center justify-center px-4">
          <Picture key={picture.src} image={picture} priority sizes="100vw" className="max-h-[70dvh] w-auto max-w-full rounded-lg object-contain" />
          <figcaption aria-live="polite" className="mt-3 text-center text-lg">{picture.caption}</figcaption>
        </figure>
        <div className="flex items-center justify-center gap-6 py-4">
          <button type="button" onClick={() => go(-1)} aria-label="Previous picture" className={button}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" onClick={() => go(1)} aria-label="Next picture" className={button}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
    </dialog>
  );
}
