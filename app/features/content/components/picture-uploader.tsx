/**
 * The pictures page's upload form (issue 28). Without JavaScript it is a plain multipart form:
 * the chosen photos go together to the page's action. With JavaScript each chosen photo gets a
 * row with its own alt text and caption, and is sent on its own request (XMLHttpRequest, so its
 * upload progress can be shown) to PICTURES_JSON_PATH, two at a time: one bad or refused photo
 * never costs the others, and a busy server costs only the photos it refused (the saved ones
 * stay saved; the refused ones stay in the list to send again). A photo over MAX_PHOTO_BYTES is
 * refused before it is sent.
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { Button } from "~/components/button";
import { ERROR_CLASS, LABEL_CLASS, inputClass } from "~/components/field";
import { useHydrated } from "~/lib/use-hydrated";
import { ALT_MAX, CAPTION_MAX, MAX_PHOTO_BYTES, MAX_PHOTO_LABEL, PHOTO_ACCEPT, PHOTO_HINT, PICTURES_JSON_PATH, formatBytes, photoProblemMessage, type UploadAnswer } from "../media";

type RowState = "ready" | "sending" | "processing" | "saved" | "failed";
type Row = { key: number; file: File; alt: string; caption: string; state: RowState; progress: number; message: string };

/** Photos sent at once: enough to keep the line busy, few enough not to crowd the image queue. */
const AT_ONCE = 2;

/**
 * Sends one photo with its words to PICTURES_JSON_PATH; `onProgress(fraction)` follows its
 * upload (0 to 1). Resolves the server's answer, or a refusal with a message when the request
 * failed or the answer was not the endpoint's (signed out: the sign-in page came back instead).
 */
export function sendPhoto(file: File, fields: { alt: string; caption: string; album: string }, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("photo", file);
    body.append("alt", fields.alt);
    body.append("caption", fields.caption);
    body.append("album", fields.album);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", PICTURES_JSON_PATH);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      try {
        const answer = JSON.parse(xhr.responseText) as UploadAnswer;
        if (typeof answer === "object" && answer !== null && "ok" in answer) return resolve(answer);
      } catch {
        // Not the endpoint's JSON: handled below.
      }
      const message =
        xhr.status === 403
          ? "You may not upload pictures (the Editor or Publisher role is needed)."
          : xhr.status === 429
            ? "Too many requests just now: wait a few minutes and send the photo again."
            : "The site did not take the photo (you may have been signed out): reload the page and send it again.";
      resolve({ ok: false, problem: "refused", message });
    };
    xhr.onerror = () => resolve({ ok: false, problem: "refused", message: `${file.name} could not be sent: check the connection and send it again.` });
    xhr.send(body);
  });
}

/** A photo in the list that may be sent: waiting, or refused for a reason sending again may cure. */
const canSend = (r: Row) => (r.state === "ready" || r.state === "failed") && r.file.size > 0 && r.file.size <= MAX_PHOTO_BYTES;

const STATE_TEXT: Record<RowState, string> = { ready: "Ready to send", sending: "Sending", processing: "Making the sizes", saved: "Saved", failed: "Not saved" };

/** The upload form; `onUploaded` runs once a batch has saved at least one photo (the page reloads its grid). */
export function PictureUploader({ onUploaded }: { onUploaded: () => void }) {
  const hydrated = useHydrated();
  const id = useId();
  const [rows, setRows] = useState<Row[]>([]);
  const [summary, setSummary] = useState("");
  const [sending, setSending] = useState(false);
  const nextKey = useRef(1);
  const fileInput = useRef<HTMLInputElement>(null);

  const update = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  function choose(files: FileList | null) {
    if (!files || files.length === 0) return;
    const chosen = [...files].map((file): Row => {
      const key = nextKey.current++;
      if (file.size > MAX_PHOTO_BYTES) return { key, file, alt: "", caption: "", state: "failed", progress: 0, message: photoProblemMessage("too_large_bytes", file.name, { bytes: file.size }) };
      if (file.size === 0) return { key, file, alt: "", caption: "", state: "failed", progress: 0, message: photoProblemMessage("empty", file.name) };
      return { key, file, alt: "", caption: "", state: "ready", progress: 0, message: "" };
    });
    // The photos already saved leave the list; those waiting or refused stay.
    setRows((all) => [...all.filter((r) => r.state !== "saved"), ...chosen]);
    setSummary("");
    if (fileInput.current) fileInput.current.value = "";
  }

  async function sendAll(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const todo = rows.filter(canSend);
    if (todo.length === 0) return;
    const album = String(new FormData(event.currentTarget).get("album") ?? "");
    setSending(true);
    setSummary(`Sending ${todo.length === 1 ? "1 photo" : `${todo.length} photos`}…`);
    let saved = 0;
    let failed = 0;
    const queue = [...todo];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const key = row.key;
        update(key, { state: "sending", progress: 0, message: "" });
        const answer = await sendPhoto(row.file, { alt: row.alt, caption: row.caption, album }, (fraction) =>
          update(key, fraction >= 1 ? { state: "processing", progress: 100 } : { progress: Math.round(fraction * 100) }),
        );
        if (answer.ok) {
          saved++;
          update(key, { state: "saved", progress: 100, message: "" });
        } else {
          failed++;
          update(key, { state: "failed", message: answer.message });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, todo.length) }, worker));
    setSending(false);
    setSummary(failed === 0 ? `${saved === 1 ? "The photo is" : `All ${saved} photos are`} saved.` : `${saved} of ${saved + failed} photos saved; ${failed === 1 ? "1 was" : `${failed} were`} not: see why below.`);
    if (saved > 0) onUploaded();
  }

  const waiting = rows.filter(canSend).length;
  return (
    <Form method="post" encType="multipart/form-data" onSubmit={hydrated ? sendAll : undefined} className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="upload" />
      <div className="flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <label htmlFor={`${id}-files`} className={LABEL_CLASS}>Photos</label>
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">{PHOTO_HINT}</p>
          <input
            ref={fileInput}
            id={`${id}-files`}
            type="file"
            name="photo"
            multiple
            accept={PHOTO_ACCEPT}
            aria-describedby={`${id}-hint`}
            onChange={hydrated ? (e) => choose(e.currentTarget.files) : undefined}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-brand-700"
          />
        </div>
        <div className="w-full sm:w-64">
          <label htmlFor={`${id}-album`} className={LABEL_CLASS}>Album (optional)</label>
          <input id={`${id}-album`} name="album" placeholder="annual-day-2026" className={inputClass("dense")} />
        </div>
      </div>
      {!hydrated && <p className="text-sm text-slate-700">Without JavaScript the photos are sent together (at most {MAX_PHOTO_LABEL} in all); write each one's alt text once it is saved.</p>}
      {rows.length > 0 && (
        <ul className="space-y-3" aria-label="Photos to upload">
          {rows.map((row) => (
            <UploadRow key={row.key} row={row} idPrefix={`${id}-${row.key}`} locked={sending} onChange={(change) => update(row.key, change)} onRemove={() => setRows((all) => all.filter((r) => r.key !== row.key))} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" disabled={hydrated && (sending || waiting === 0)}>{hydrated && waiting > 1 ? `Upload ${waiting} photos` : "Upload"}</Button>
        <p role="status" className="text-sm font-semibold text-slate-800" data-testid="upload-summary">{summary}</p>
      </div>
    </Form>
  );
}

function UploadRow({ row, idPrefix, locked, onChange, onRemove }: { row: Row; idPrefix: string; locked: boolean; onChange: (change: Partial<Row>) => void; onRemove: () => void }) {
  const editable = !locked && (row.state === "ready" || row.state === "failed");
  const tone = row.state === "failed" ? "border-red-300 bg-red-50" : row.state === "saved" ? "border-green-300 bg-green-50" : "border-slate-200 bg-white";
  return (
    <li className={`rounded-lg border p-3 ${tone}`} data-testid="upload-row">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <p className="w-full min-w-0 font-semibold break-all sm:w-auto sm:flex-1">{row.file.name} <span className="font-normal text-slate-700">({formatBytes(row.file.size)})</span></p>
        {/* A refused photo's bar would read as done: its message says what happened instead. */}
        {row.state !== "failed" && <progress max={100} value={row.progress} aria-label={`Upload of ${row.file.name}`} className="h-2 w-32 accent-brand-700 sm:w-40" />}
        <span className="min-w-28 text-sm font-medium text-slate-800" data-testid="upload-state">{STATE_TEXT[row.state]}{row.state === "sending" ? ` ${row.progress}%` : ""}</span>
        {editable && <Button type="button" variant="ghost" size="xs" className="ml-auto" onClick={onRemove} aria-label={`Remove ${row.file.name} from the list`}>Remove</Button>}
      </div>
      {row.message && <p className={ERROR_CLASS}>{row.message}</p>}
      {row.state !== "saved" && (
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${idPrefix}-alt`} className={LABEL_CLASS}>Alt text</label>
            <input id={`${idPrefix}-alt`} value={row.alt} maxLength={ALT_MAX} disabled={!editable} onChange={(e) => onChange({ alt: e.currentTarget.value })} placeholder="What the photo shows" className={inputClass("dense")} />
          </div>
          <div>
            <label htmlFor={`${idPrefix}-caption`} className={LABEL_CLASS}>Caption (optional)</label>
            <input id={`${idPrefix}-caption`} value={row.caption} maxLength={CAPTION_MAX} disabled={!editable} onChange={(e) => onChange({ caption: e.currentTarget.value })} className={inputClass("dense")} />
          </div>
        </div>
      )}
    </li>
  );
}
