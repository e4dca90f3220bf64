/**
 * Choosing one of the school's photos for a form (a news item's picture, say; issue 28). The
 * photos are a group of radio buttons shown as thumbnails, so the keyboard works as it does in
 * any radio group (Tab into the group, arrow keys between photos, the focused photo ringed);
 * an album filter narrows them when there are albums. "Use this picture" calls back with the
 * photo's "/media/<publicId>" reference and its alt text.
 *
 * `PicturePicker` takes the photos from its caller (a loader that already has them);
 * `ServerPicturePicker` loads them itself from PICTURES_JSON_PATH (content.edit).
 */
import { useEffect, useId, useMemo, useState } from "react";
import { Button } from "~/components/button";
import { LABEL_CLASS, inputClass } from "~/components/field";
import { PICTURES_JSON_PATH, type PictureView } from "../media";

/** What a picker needs of a photo. */
export type PictureChoice = Pick<PictureView, "ref" | "alt" | "caption" | "album" | "thumbnail" | "width" | "height" | "sources">;

/** What the picker hands back: the reference to store, the photo's alt text ("" when it has none yet) and its largest WebP file (for a picture placed in a text). */
export type ChosenPicture = { ref: string; alt: string; src: string };

type Props = {
  pictures: readonly PictureChoice[];
  onChoose: (chosen: ChosenPicture) => void;
  /** The reference chosen now, if any (it starts selected). */
  value?: string;
  /** The group's legend. */
  legend?: string;
};

export function PicturePicker({ pictures, onChoose, value, legend = "Choose a picture" }: Props) {
  const id = useId();
  const [album, setAlbum] = useState("");
  const [selected, setSelected] = useState(value ?? "");
  const albums = useMemo(() => [...new Set(pictures.map((p) => p.album).filter((a): a is string => !!a))].sort(), [pictures]);
  const shown = album ? pictures.filter((p) => p.album === album) : pictures;
  const chosen = pictures.find((p) => p.ref === selected);

  if (pictures.length === 0) return <p className="text-sm text-slate-700">No photos yet: upload them on the <a href="/admin/content/pictures" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">pictures page (opens in a new tab, so this form keeps what you typed)</a>.</p>;
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-3" data-testid="picture-picker">
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      {albums.length > 0 && (
        <div className="mb-3 max-w-xs">
          <label htmlFor={`${id}-album`} className={LABEL_CLASS}>Album</label>
          <select id={`${id}-album`} value={album} onChange={(e) => setAlbum(e.currentTarget.value)} className={inputClass("dense")}>
            <option value="">All photos</option>
            {albums.map((a) => (
              <option key={a} value={a}>{a}</option>
            ))}
          </select>
        </div>
      )}
      <ul className="grid max-h-96 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3 lg:grid-cols-4">
        {shown.map((p, i) => (
          <li key={p.ref}>
            <input type="radio" id={`${id}-${i}`} name={`${id}-picture`} value={p.ref} checked={selected === p.ref} onChange={() => setSelected(p.ref)} className="peer sr-only" />
            <label
              htmlFor={`${id}-${i}`}
              className="block cursor-pointer rounded-lg border-2 border-transparent p-1 peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 peer-focus-visible:ring-offset-2"
            >
              <img src={p.thumbnail} alt="" width={p.width} height={p.height} loading="lazy" className="aspect-[4/3] w-full rounded bg-slate-200 object-cover" />
              <span className="mt-1 block truncate text-sm text-slate-800">{p.alt || p.caption || "No alt text yet"}</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="button" size="xs" disabled={!chosen} onClick={() => chosen && onChoose({ ref: chosen.ref, alt: chosen.alt, src: chosen.sources.src })}>Use this picture</Button>
        {chosen && !chosen.alt && <p className="text-sm text-amber-950">This photo has no alt text yet: write it on the pictures page, or in this form.</p>}
      </div>
    </fieldset>
  );
}

/** The photos from PICTURES_JSON_PATH: loading, ready, or failed with a message. */
export function usePictureChoices(): { state: "loading" } | { state: "ready"; pictures: PictureView[] } | { state: "failed"; message: string } {
  const [result, setResult] = useState<ReturnType<typeof usePictureChoices>>({ state: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    fetch(PICTURES_JSON_PATH, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { pictures: PictureView[] };
        setResult({ state: "ready", pictures: body.pictures });
      })
      .catch(() => {
        if (!controller.signal.aborted) setResult({ state: "failed", message: "The photos could not be loaded: reload the page." });
      });
    return () => controller.abort();
  }, []);
  return result;
}

/**
 * The button that opens and closes a picker (the cover picture's, an album's, the body editor's):
 * `open` while the picker shows; `toggle` is spread on a <button> (its aria-expanded, click and
 * label: `label` while closed, "Close the photos" while open); call `close` once a photo is chosen.
 */
export function usePickerToggle(label: string) {
  const [open, setOpen] = useState(false);
  return { open, close: () => setOpen(false), toggle: { type: "button" as const, "aria-expanded": open, onClick: () => setOpen(!open), children: open ? "Close the photos" : label } };
}

/** A PicturePicker that loads the photos itself (GET PICTURES_JSON_PATH). */
export function ServerPicturePicker(props: Omit<Props, "pictures">) {
  const choices = usePictureChoices();
  if (choices.state === "loading") return <p role="status" className="text-sm text-slate-700">Loading the photos…</p>;
  if (choices.state === "failed") return <p role="alert" className="text-sm text-red-800">{choices.message}</p>;
  return <PicturePicker pictures={choices.pictures} {...props} />;
}
