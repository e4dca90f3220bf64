/**
 * /admin/content/pictures (issue 28): the school's photos. The upload form (picture-uploader.tsx)
 * above a grid of the photos kept, each with its largest size, the sizes made, the bytes sent,
 * and a form to change its alt text, caption and album, or delete it. Every form works without
 * JavaScript (a plain post to the page); with it, a photo's form saves in place.
 */
import { useFetcher } from "react-router";
import { Button } from "~/components/button";
import { ERROR_CLASS, LABEL_CLASS, inputClass } from "~/components/field";
import { PageHeader } from "~/components/page-header";
import { formatDateTime } from "~/lib/dates";
import { ALT_MAX, CAPTION_MAX, formatBytes, type PicturesNotice, type PictureView } from "../media";
import { PictureUploader } from "./picture-uploader";

type Props = {
  pictures: PictureView[];
  /** The answer to the page's last post without JavaScript. */
  notice: PicturesNotice | null;
  onUploaded: () => void;
};

export function PicturesPage({ pictures, notice, onUploaded }: Props) {
  return (
    <div>
      <PageHeader title="Pictures" />
      <p className="mt-2 max-w-3xl text-slate-700">
        Photos for news, notices and the gallery. Each is kept in the sizes the site serves (up to 1,280 pixels wide, as AVIF and WebP, and a JPEG for links shared on social media), turned the right way up, without
        its camera data (such as where it was taken). Write alt text for every photo: it is read aloud to people who cannot see it.
      </p>
      <section aria-labelledby="upload-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="upload-heading" className="text-lg font-bold text-brand-800">Upload photos</h2>
        <PictureUploader onUploaded={onUploaded} />
        {notice?.intent === "upload" && <UploadNotice notice={notice} />}
      </section>
      <section aria-labelledby="grid-heading" className="mt-8">
        <h2 id="grid-heading" className="text-lg font-bold text-brand-800">Uploaded pictures ({pictures.length})</h2>
        {pictures.length === 0 ? (
          <p className="mt-2 text-slate-700">No photos yet.</p>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="picture-grid">
            {pictures.map((p) => (
              <PictureCard key={p.publicId} picture={p} notice={notice && notice.intent !== "upload" && notice.publicId === p.publicId ? notice : null} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function UploadNotice({ notice }: { notice: Extract<PicturesNotice, { intent: "upload" }> }) {
  return (
    <div role={notice.ok ? "status" : "alert"} className={`mt-4 rounded-lg border p-3 ${notice.ok ? "border-green-300 bg-green-50" : "border-red-300 bg-red-50"}`}>
      <p className="font-semibold">{notice.message}</p>
      {notice.results.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {notice.results.map((r, i) => (
            <li key={i} className={r.ok ? "text-slate-800" : "text-red-900"}>{r.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "320, 640, 960 and 1,280 px". */
const widthList = (widths: number[]) => new Intl.ListFormat("en-GB").format(widths.map((w) => w.toLocaleString("en-IN"))) + " px";

function PictureCard({ picture: p, notice }: { picture: PictureView; notice: Extract<PicturesNotice, { intent: "save" | "delete" }> | null }) {
  const save = useFetcher<PicturesNotice>();
  const remove = useFetcher<PicturesNotice>();
  const saved: PicturesNotice | null = save.data ?? (notice?.intent === "save" ? notice : null);
  const refused: PicturesNotice | null = remove.data ?? (notice?.intent === "delete" ? notice : null);
  const id = `picture-${p.publicId}`;
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white" data-testid="picture-card" data-ref={p.ref}>
      <figure>
        <picture>
          <source type="image/avif" srcSet={p.sources.avif} sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" />
          <source type="image/webp" srcSet={p.sources.webp} sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" />
          <img src={p.sources.src} alt={p.alt} width={p.width} height={p.height} loading="lazy" decoding="async" className="aspect-[4/3] w-full rounded-t-lg bg-slate-200 object-cover" />
        </picture>
        <figcaption className="px-3 pt-2 text-sm text-slate-700">
          <span className="font-semibold text-slate-900" data-testid="picture-size">{p.width.toLocaleString("en-IN")} × {p.height.toLocaleString("en-IN")} px</span>
          {" · "}
          <span data-testid="picture-bytes">{formatBytes(p.bytes)} sent</span>
          <br />
          Sizes {widthList(p.widths)}; uploaded {formatDateTime(new Date(p.uploadedAt))} by {p.uploadedBy}
          {p.album && <><br />Album: {p.album}</>}
        </figcaption>
      </figure>
      {!p.alt && <p className="mx-3 mt-2 rounded bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-950">No alt text yet: write what the photo shows.</p>}
      <save.Form method="post" className="mt-2 space-y-2 px-3">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="publicId" value={p.publicId} />
        <div>
          <label htmlFor={`${id}-alt`} className={LABEL_CLASS}>Alt text</label>
          <textarea id={`${id}-alt`} name="alt" defaultValue={p.alt} maxLength={ALT_MAX} rows={2} className={inputClass("dense")} />
        </div>
        <div>
          <label htmlFor={`${id}-caption`} className={LABEL_CLASS}>Caption</label>
          <input id={`${id}-caption`} name="caption" defaultValue={p.caption} maxLength={CAPTION_MAX} className={inputClass("dense")} />
        </div>
        <div>
          <label htmlFor={`${id}-album`} className={LABEL_CLASS}>Album</label>
          <input id={`${id}-album`} name="album" defaultValue={p.album ?? ""} className={inputClass("dense")} />
        </div>
        <div className="flex items-center gap-3">
          <Button size="xs" disabled={save.state !== "idle"}>{save.state !== "idle" ? "Saving…" : "Save"}</Button>
          <p role="status" className={saved && !saved.ok ? ERROR_CLASS : "text-sm text-green-800"}>{save.state === "idle" && saved ? saved.message : ""}</p>
        </div>
      </save.Form>
      <details className="mx-3 mt-auto mb-3 pt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-red-800">Delete…</summary>
        <remove.Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="publicId" value={p.publicId} />
          <span>Its files go too; a page using it must choose another first.</span>
          <Button variant="danger" size="xs" disabled={remove.state !== "idle"}>Delete this photo</Button>
        </remove.Form>
        {refused && !refused.ok && <p role="alert" className={ERROR_CLASS}>{refused.message}</p>}
      </details>
    </li>
  );
}
