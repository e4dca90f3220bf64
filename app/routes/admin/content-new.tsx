/**
 * /admin/content/new?kind=news|notice|calendar|opening: the form of a new news story or event,
 * notice, calendar entry or job opening (issue 28). Saving a draft needs content.edit, saving and
 * publishing content.publish; a saved item continues on its own page (/admin/content/:id).
 */
import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/content-new";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { CONTENT_KINDS } from "~/db/content-values";
import { can, whoMay } from "~/features/auth/permissions";
import { demandPermission, requirePermission } from "~/features/auth/session.server";
import { EditorPage } from "~/features/content/editor/components/editor-page";
import { kindOf, newItemData } from "~/features/content/editor/load.server";
import { createFromForm } from "~/features/content/editor/save.server";
import { FIXED_CREATE, FIXED_KINDS, KIND_LABELS } from "~/features/content/items";
import { setNoStore } from "~/lib/http";
import { readForm } from "~/lib/request-body.server";

/** The kind of the page's URL; an unknown one, or one written only by the site (a page), is a 404. */
function kindOfRequest(request: Request) {
  const kind = kindOf(new URL(request.url).searchParams.get("kind"));
  if (!kind) throw data(`Choose what to write: /admin/content/new?kind=${CONTENT_KINDS.filter((k) => !FIXED_KINDS.has(k)).join(", ?kind=")}.`, { status: 404 });
  if (FIXED_KINDS.has(kind)) throw data(FIXED_CREATE, { status: 404 });
  return kind;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "content.edit");
  setNoStore(headers);
  const kind = kindOfRequest(request);
  return data({ kind, ...newItemData(kind, new Date()), canPublish: can(user, "content.publish") }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requirePermission(request, "content.edit");
  setNoStore(session.headers);
  const form = await readForm(request, "/admin/content/new");
  demandPermission(session, form.get("intent") === "publish" ? "content.publish" : "content.edit");
  const answer = await createFromForm(await getDb(), actorOf(session.user, context.clientIp), kindOfRequest(request), form);
  if (answer.item) throw redirect(`/admin/content/${answer.item.id}?created=${form.get("intent") === "publish" ? "published" : "draft"}`, { status: 303, headers: session.headers });
  return data(answer.notice, { status: answer.status, headers: session.headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `New ${loaderData ? KIND_LABELS[loaderData.kind].one.toLowerCase() : "item"} | Admin` }];

export default function NewContent({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { kind, values, preview, canPublish } = loaderData;
  return <EditorPage kind={kind} item={null} values={values} preview={preview} notice={actionData} canPublish={canPublish} publishNeed={whoMay("content.publish")} busy={busy} revisions={[]} comparison={null} />;
}
