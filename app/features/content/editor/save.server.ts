/**
 * The posts of the admin's content editor (issue 28), each naming its `intent`: save (a draft),
 * publish (save and publish), unpublish, restore (an earlier revision as the draft). Turns a
 * form into one call of the store (../store.server.ts) and its answer into what the page shows:
 * a line saying what happened, or the refusal with a message per field and every value posted,
 * so nothing typed is lost (a stale save is told who saved last and when).
 *
 * Permissions are the route's (content.edit; content.publish to publish or unpublish).
 */
import type { Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import type { ContentKind } from "~/db/content-values";
import { formatDateTime } from "~/lib/dates";
import { slugSchema } from "../items";
import { checkFields, createItem, itemById, restoreRevision, revisionsOf, saveItem, unpublishItem, type ContentItem, type SaveRefusal } from "../store.server";
import { fieldsInput, kindForm, readFormValues, type FormValues } from "./form-values";
import { publishedLine } from "./view";

/** What the editor shows after a post. A refusal carries the posted values and a message per field (keyed like KindForm.labels). */
export type EditorNotice =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Record<string, string>; values: FormValues | null; conflict: boolean };

export type EditorAnswer = { status: number; notice: EditorNotice; item?: ContentItem };

const refusedFields = (errors: Record<string, string>, values: FormValues | null): EditorAnswer => {
  const n = Object.keys(errors).length;
  return { status: 400, notice: { ok: false, message: `Nothing was saved: correct the ${n === 1 ? "field" : `${n} fields`} marked below.`, errors, values, conflict: false } };
};

/** The refusal of the store as the page shows it; `values` is what was posted (null for a button without fields). */
function refusal(result: SaveRefusal, values: FormValues | null, what: "save" | "restore" | "unpublish"): EditorAnswer {
  if (result.reason === "invalid") {
    if (what === "restore") {
      const first = Object.values(result.errors)[0] ?? "";
      return { status: 400, notice: { ok: false, message: `This revision cannot be the draft again: it does not meet today's rules (${first}).`, errors: {}, values: null, conflict: false } };
    }
    return refusedFields(result.errors, values);
  }
  if (result.reason === "missing") return { status: 404, notice: { ok: false, message: "This item no longer exists: someone may have deleted it.", errors: {}, values, conflict: false } };
  if (result.reason === "fixed") return { status: 400, notice: { ok: false, message: result.message, errors: {}, values, conflict: false } };
  const by = `Saved by ${result.current.updatedBy} at ${formatDateTime(result.current.updatedAt)}`;
  const message =
    what === "save"
      ? `${by} while you were editing: your text is below; copy what you need, then reload.`
      : `${by} after you opened this page: nothing was ${what === "restore" ? "restored" : "unpublished"}. Reload the page, then try again.`;
  return { status: 409, notice: { ok: false, message, errors: {}, values, conflict: true } };
}

/** The store's input from a post, with the messages of both the form's times and the store's rules when any fails. */
function checkedInput(kind: ContentKind, values: FormValues): { ok: true; fields: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const input = fieldsInput(kind, values as never);
  if (Object.keys(input.errors).length === 0) return { ok: true, fields: input.fields };
  const checked = checkFields(kind, input.fields);
  return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), ...input.errors } };
}

/**
 * A new item of `kind` from the post `form` (intent save or publish). Its address is the kind's
 * (KIND_FORMS: a story's typed or made from its title; a notice's from its start and banner
 * line, with a number added when taken). Resolves to the answer, with the item when it was created.
 */
export async function createFromForm(db: Database, actor: Actor, kind: ContentKind, form: FormData, now = new Date()): Promise<EditorAnswer> {
  const def = kindForm(kind);
  const values = readFormValues(kind, form);
  const checked = checkedInput(kind, values);
  if (!checked.ok) {
    // The address is checked too, so every message shows at once.
    const slug = slugSchema.safeParse(def.slug(values, 1));
    return refusedFields({ ...checked.errors, ...(slug.success ? {} : { slug: slug.error.issues[0]!.message }) }, values);
  }
  let created = null;
  for (let n = 1; n <= def.slugTries; n++) {
    created = await createItem(db, actor, { kind, slug: def.slug(values, n), fields: checked.fields });
    if (created.ok || created.reason !== "invalid" || Object.keys(created.errors).join() !== "slug") break;
  }
  if (!created!.ok) return refusal(created!, values, "save");
  if (form.get("intent") !== "publish") return { status: 200, notice: { ok: true, message: "Draft saved." }, item: created!.item };
  const published = await saveItem(db, actor, { id: created!.item.id, expectedVersion: created!.item.version, fields: created!.item.draft, publish: true });
  if (!published.ok) return refusal(published, values, "save");
  return { status: 200, notice: { ok: true, message: publishedLine(published.item.published, now) }, item: published.item };
}

/**
 * A post of the item `id`'s editor: save, publish, unpublish or restore (`revisionId`), each
 * from the form's `version`. Resolves to the answer; a stale version is a conflict (409) that
 * keeps the posted values, invalid fields a 400 with a message per field.
 */
export async function editFromForm(db: Database, actor: Actor, id: number, form: FormData, now = new Date()): Promise<EditorAnswer> {
  if (!Number.isSafeInteger(id) || id <= 0) return refusal({ ok: false, reason: "missing" }, null, "save");
  const intent = String(form.get("intent") ?? "");
  const expectedVersion = Number(form.get("version"));
  if (!Number.isSafeInteger(expectedVersion)) return { status: 400, notice: { ok: false, message: "That request was not understood: reload the page and try again.", errors: {}, values: null, conflict: false } };
  if (intent === "unpublish") {
    const result = await unpublishItem(db, actor, { id, expectedVersion });
    return result.ok ? { status: 200, notice: { ok: true, message: "Unpublished: visitors no longer see it. The draft is kept." }, item: result.item } : refusal(result, null, "unpublish");
  }
  if (intent === "restore") {
    const revisionId = Number(form.get("revisionId"));
    const revision = (await revisionsOf(db, id)).find((r) => r.id === revisionId);
    if (!revision) return { status: 404, notice: { ok: false, message: "That revision no longer exists.", errors: {}, values: null, conflict: false } };
    const result = await restoreRevision(db, actor, { id, revisionId, expectedVersion });
    if (!result.ok) return refusal(result, null, "restore");
    return { status: 200, notice: { ok: true, message: `The revision saved by ${revision.authorEmail} at ${formatDateTime(revision.at)} is the draft again: publish it to show it to visitors.` }, item: result.item };
  }
  if (intent !== "save" && intent !== "publish") return { status: 400, notice: { ok: false, message: "That request was not understood.", errors: {}, values: null, conflict: false } };
  const item = await itemById(db, id);
  if (!item) return refusal({ ok: false, reason: "missing" }, null, "save");
  const values = readFormValues(item.kind, form);
  const checked = checkedInput(item.kind, values);
  if (!checked.ok) return refusedFields(checked.errors, values);
  const result = await saveItem(db, actor, { id, expectedVersion, fields: checked.fields, publish: intent === "publish" });
  if (!result.ok) return refusal(result, values, "save");
  const message = intent === "publish" ? publishedLine(result.item.published, now) : result.item.status === "changed" ? "Draft saved. Visitors still see the published version until you publish." : "Draft saved.";
  return { status: 200, notice: { ok: true, message }, item: result.item };
}
