/**
 * The posts of the admin's pictures page (/admin/content/pictures, issue 28) and of its JSON
 * endpoint (/admin/content/pictures.json): each turns a form into calls of media.server.ts and
 * its answer into what the page shows, with the HTTP status.
 *
 * - The JSON endpoint takes one photo a request (the page's uploader sends each chosen photo on
 *   its own, so one bad file never costs the others), with its alt text, caption and album.
 * - The page's own form works without JavaScript: "upload" takes every photo of the form (their
 *   bytes together within the route's body limit), "save" changes one photo's words, "delete"
 *   removes it.
 */
import type { Database } from "~/db/client.server";
import type { Actor } from "~/core/audit/audit.server";
import { BODY_MESSAGES, readForm, type BodyRoute } from "~/lib/request-body.server";
import { sniffImage } from "~/lib/images";
import { deletePhoto, updatePhoto, uploadPhoto } from "./media.server";
import { MAX_PHOTO_LABEL, PHOTO_FORMATS, PHOTO_PROBLEM_STATUS, photoFieldsSchema, photoProblemMessage, pictureView, type PicturesNotice, type UploadAnswer } from "./media";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 2_000) : "";
};

/** The message of a body refused before it was read, by its status (413: over the route's limit). */
function bodyRefusalMessage(status: number, several: boolean): string {
  if (status === 413) {
    return several
      ? `The photos sent together were larger than ${MAX_PHOTO_LABEL}, so none was read. Send fewer at a time, or turn on JavaScript to send each photo on its own.`
      : `The photo is larger than ${MAX_PHOTO_LABEL}, so it was not read: send a smaller copy (a phone's "large" or "medium" size is plenty for the website).`;
  }
  return status === 415 ? BODY_MESSAGES.unsupportedType : BODY_MESSAGES.unreadable;
}

/**
 * The form of `request` for `route` (app/lib/request-body.server.ts: the body limit applies as
 * declared and as read, so a 50 MB photo is refused before it is held), or, when it was refused,
 * the status and a message for the page (`several`: the page's own form, which may carry several photos).
 */
export async function readPicturesForm(request: Request, route: BodyRoute, several: boolean): Promise<{ ok: true; form: FormData } | { ok: false; status: number; message: string }> {
  try {
    return { ok: true, form: await readForm(request, route) };
  } catch (error) {
    if (error instanceof Response) return { ok: false, status: error.status, message: bodyRefusalMessage(error.status, several) };
    throw error;
  }
}

/** One photo of a form: its name and bytes, or null when the entry is not a file. */
async function photoOf(entry: FormDataEntryValue | null): Promise<{ name: string; bytes: Uint8Array } | null> {
  if (entry === null || typeof entry === "string") return null;
  return { name: entry.name.replace(/[^\p{L}\p{N} ._()-]/gu, "_").slice(0, 120) || "photo", bytes: new Uint8Array(await entry.arrayBuffer()) };
}

/**
 * Takes the one photo of `form` ("photo", with "alt", "caption", "album") for `actor`: resolves
 * the status (201 taken; 400, 413, 415, 422 refused with why; 503 busy) and the answer the
 * uploader shows. Throws what the database or the file system throws.
 */
export async function takeOnePhoto(db: Database, form: FormData, actor: Actor): Promise<{ status: number; answer: UploadAnswer }> {
  const photo = await photoOf(form.get("photo"));
  if (!photo) return { status: 400, answer: { ok: false, problem: "empty", message: "Choose a photo to upload." } };
  const fields = photoFieldsSchema.safeParse({ alt: text(form, "alt"), caption: text(form, "caption"), album: text(form, "album") });
  if (!fields.success) return { status: 400, answer: { ok: false, problem: "refused", message: fields.error.issues[0]!.message } };
  const result = await uploadPhoto(db, { bytes: photo.bytes, fields: fields.data }, actor);
  if (result.ok) return { status: 201, answer: { ok: true, picture: pictureView(result.image) } };
  const format = sniffImage(photo.bytes.subarray(0, 12), PHOTO_FORMATS) ?? undefined;
  return { status: PHOTO_PROBLEM_STATUS[result.problem], answer: { ok: false, problem: result.problem, message: photoProblemMessage(result.problem, photo.name, { bytes: photo.bytes.byteLength, format }) } };
}

/**
 * Runs a post of the pictures page for `actor` (intent "upload", "save" or "delete"). Resolves
 * the status and the notice. Throws what the database or the file system throws.
 */
export async function handlePicturesForm(db: Database, form: FormData, actor: Actor): Promise<{ status: number; notice: PicturesNotice }> {
  const intent = text(form, "intent");
  const publicId = text(form, "publicId");
  if (intent === "save") {
    const fields = photoFieldsSchema.safeParse({ alt: text(form, "alt"), caption: text(form, "caption"), album: text(form, "album") });
    if (!fields.success) return { status: 400, notice: { intent, ok: false, publicId, message: fields.error.issues[0]!.message } };
    const row = await updatePhoto(db, publicId, fields.data, actor);
    return row ? { status: 200, notice: { intent, ok: true, publicId, message: "Saved." } } : { status: 404, notice: { intent, ok: false, publicId, message: "This photo is no longer here." } };
  }
  if (intent === "delete") {
    const result = await deletePhoto(db, publicId, actor);
    if (result.ok) return { status: 200, notice: { intent, ok: true, publicId, message: "The photo is deleted." } };
    if (result.reason === "missing") return { status: 404, notice: { intent, ok: false, publicId, message: "This photo is no longer here." } };
    const names = result.uses.map((u) => `${u.kind} "${u.slug}"`).join(", ");
    return { status: 409, notice: { intent, ok: false, publicId, message: `This photo is used by ${names}: choose another picture there first, then delete it.` } };
  }
  if (intent !== "upload") return { status: 400, notice: { intent: "upload", ok: false, message: "The form could not be read.", results: [] } };
  const fields = photoFieldsSchema.safeParse({ alt: "", caption: "", album: text(form, "album") });
  if (!fields.success) return { status: 400, notice: { intent, ok: false, message: fields.error.issues[0]!.message, results: [] } };
  const results: { name: string; ok: boolean; message: string }[] = [];
  // One at a time: the image queue would take them in turn anyway, and a busy answer stops none of the others.
  for (const entry of form.getAll("photo")) {
    const photo = await photoOf(entry);
    if (!photo || photo.bytes.byteLength === 0) continue;
    const result = await uploadPhoto(db, { bytes: photo.bytes, fields: fields.data }, actor);
    const format = sniffImage(photo.bytes.subarray(0, 12), PHOTO_FORMATS) ?? undefined;
    results.push(result.ok ? { name: photo.name, ok: true, message: `${photo.name} is saved: write its alt text below.` } : { name: photo.name, ok: false, message: photoProblemMessage(result.problem, photo.name, { bytes: photo.bytes.byteLength, format }) });
  }
  if (results.length === 0) return { status: 400, notice: { intent, ok: false, message: "Choose one or more photos to upload.", results } };
  const saved = results.filter((r) => r.ok).length;
  const message = saved === results.length ? `${saved === 1 ? "The photo is" : `All ${saved} photos are`} saved.` : `${saved} of ${results.length} photos saved; the others are listed with why.`;
  return { status: saved > 0 ? 200 : 422, notice: { intent, ok: saved === results.length, message, results } };
}
