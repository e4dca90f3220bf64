/** /admin/messages/{publicId}: one message, its attempts, and Send again (POST). */
import { data, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/message";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { messageByPublicId, resend } from "~/core/messages/admin.server";
import { MessageDetail, type ResendNotice } from "~/core/messages/components/message-detail";
import { messageDetailView } from "~/core/messages/detail-view";
import { setNoStore } from "~/lib/http";
import { readForm } from "~/lib/request-body.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "messages.view");
  setNoStore(headers);
  const message = await messageByPublicId(await getDb(), params.publicId);
  if (!message) throw data("No such message.", { status: 404, headers });
  return data({ message: messageDetailView(message), canResend: can(user, "messages.manage") }, { headers });
}

const resendSchema = z.object({ intent: z.literal("resend") });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "messages.manage");
  setNoStore(headers);
  const reply = (notice: ResendNotice, status = 200) => data(notice, { status, headers });
  if (!resendSchema.safeParse(Object.fromEntries(await readForm(request, "/admin/messages/:publicId"))).success) return reply({ ok: false, message: "That request was not understood." }, 400);
  const result = await resend(await getDb(), params.publicId, new Date(), actorOf(user, context.clientIp));
  if (result.kind === "not_found") return reply({ ok: false, message: "That message no longer exists." }, 404);
  if (result.kind === "pending") return reply({ ok: false, message: "This message is already waiting to be sent." }, 409);
  if (result.kind === "requeued") return reply({ ok: true, message: "Queued again: it goes with the next run of the sender (within a few seconds)." });
  return reply({ ok: true, message: "A copy is queued; this one stays on record as sent.", href: `/admin/messages/${result.publicId}` });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Message | Admin" }];

export default function Message({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return <MessageDetail m={loaderData.message} notice={actionData} busy={busy} canResend={loaderData.canResend} />;
}
