/**
 * /admin/content/:id: one news story, event, notice, calendar entry or job opening (issue 28):
 * its form, Save draft (content.edit), Save and publish and Unpublish (content.publish), and its
 * revisions with "Compare with published" (?compare=<revision id>) and Restore (content.edit).
 */
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/content-item";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { can, whoMay } from "~/features/auth/permissions";
import { demandPermission, requirePermission } from "~/features/auth/session.server";
import { EditorPage } from "~/features/content/editor/components/editor-page";
import { itemEditorData } from "~/features/content/editor/load.server";
import { editFromForm } from "~/features/content/editor/save.server";
import { setNoStore } from "~/lib/http";
import { readForm } from "~/lib/request-body.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "content.edit");
  setNoStore(headers);
  const search = new URL(request.url).searchParams;
  const compare = Number(search.get("compare"));
  const editor = await itemEditorData(await getDb(), Number(params.id), { compareId: Number.isSafeInteger(compare) && compare > 0 ? compare : null, created: search.get("created") });
  if (!editor) throw data("This item does not exist.", { status: 404, headers });
  return data({ ...editor, canPublish: can(user, "content.publish") }, { headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requirePermission(request, "content.edit");
  setNoStore(session.headers);
  const form = await readForm(request, "/admin/content/:id");
  const intent = form.get("intent");
  demandPermission(session, intent === "publish" || intent === "unpublish" ? "content.publish" : "content.edit");
  const answer = await editFromForm(await getDb(), actorOf(session.user, context.clientIp), Number(params.id), form);
  return data(answer.notice, { status: answer.status, headers: session.headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.item.title ?? "Content"} | Admin` }];

export default function ContentItem({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { item, values, preview, revisions, comparison, createdLine, canPublish } = loaderData;
  const notice = actionData ?? (createdLine ? { ok: true as const, message: createdLine } : undefined);
  return <EditorPage kind={item.kind} item={item} values={values} preview={preview} notice={notice} canPublish={canPublish} publishNeed={whoMay("content.publish")} busy={busy} revisions={revisions} comparison={comparison} />;
}
