/**
 * /admin/messages: every e-mail and SMS with its state, tries and last error, filtered and paged;
 * and "Send fee reminders now" (app/messages.server.ts sendFeeRemindersNow) for who may manage messages.
 */
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/messages";
import { getDb } from "~/db/client.server";
import { actorOf } from "~/core/audit/audit.server";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { readForm } from "~/lib/request-body.server";
import { remindersNowLine, sendFeeRemindersNow } from "~/messages.server";
import { listMessages, statusCounts } from "~/core/messages/admin.server";
import { MessageList, type MessageRowView } from "~/core/messages/components/message-list";
import { MESSAGES_PAGE_SIZE, parseMessageQuery, relatedHref } from "~/core/messages/list-query";
import { templateOf } from "~/core/messages/templates";
import { formatDateTime } from "~/lib/dates";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "messages.view");
  setNoStore(headers);
  const { filters, page } = parseMessageQuery(new URL(request.url).searchParams);
  const db = await getDb();
  const [{ rows, total }, counts] = await Promise.all([listMessages(db, filters, { number: page, size: MESSAGES_PAGE_SIZE }), statusCounts(db, filters)]);
  const shown: MessageRowView[] = rows.map((r) => ({
    publicId: r.publicId,
    kindLabel: templateOf(r.kind)?.label ?? r.kind,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    related: r.related ? { label: r.related, href: relatedHref(r.related) } : null,
    status: r.status,
    tries: r.tries,
    lastError: r.lastError,
    created: formatDateTime(r.createdAt),
    sent: r.sentAt ? formatDateTime(r.sentAt) : null,
  }));
  return data({ rows: shown, total, counts, page, pageCount: Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE)), filters, canSend: can(user, "messages.manage") }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "messages.manage");
  setNoStore(headers);
  const form = await readForm(request, "/admin/messages");
  if (form.get("intent") !== "send-reminders") return data({ message: "Please try again." }, { status: 400, headers });
  return data({ message: remindersNowLine(await sendFeeRemindersNow(await getDb(), new Date(), actorOf(user, context.clientIp))) }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Messages | Admin" }];

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return <MessageList {...loaderData} remindersNotice={actionData?.message ?? null} busy={busy} />;
}
