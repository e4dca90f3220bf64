/** /admin/enquiries: the enquiry inbox (enquiries are never lost). */
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/enquiries";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { EnquiryInbox, type InboxRow } from "~/features/enquiries/components/enquiry-inbox";
import { listEnquiries, markContacted } from "~/features/enquiries/enquiries.server";
import { INBOX_PAGE_SIZE, parseInboxQuery } from "~/features/enquiries/inbox-query";
import { formatDateTime } from "~/lib/dates";
import { readForm } from "~/lib/request-body.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "enquiries.view");
  const { filters, page } = parseInboxQuery(new URL(request.url).searchParams);
  const { rows, total } = await listEnquiries(await getDb(), filters, { number: page, size: INBOX_PAGE_SIZE });
  const shown: InboxRow[] = rows.map((r) => ({
    id: r.id,
    received: formatDateTime(r.createdAt),
    name: r.name,
    phone: r.phone,
    class: r.class,
    email: r.email,
    sourcePage: r.sourcePage,
    status: r.status,
    note: r.note,
    contacted: r.contactedAt ? formatDateTime(r.contactedAt) : null,
  }));
  return data({ rows: shown, total, page, pageCount: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)), filters, canChange: can(user, "enquiries.manage") }, { headers });
}

const contactedSchema = z.object({
  intent: z.literal("contacted"),
  id: z.coerce.number().int().positive(),
  note: z.string().max(1000).default(""),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "enquiries.manage");
  const parsed = contactedSchema.safeParse(Object.fromEntries(await readForm(request, "/admin/enquiries")));
  if (!parsed.success) return data({ ok: false, message: "That request was not understood." }, { status: 400, headers });
  const found = await markContacted(await getDb(), parsed.data.id, parsed.data.note, actorOf(user, context.clientIp));
  return found ? data({ ok: true, message: "Marked as contacted." }, { headers }) : data({ ok: false, message: "That enquiry no longer exists." }, { status: 404, headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Enquiries | Admin" }];

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  return <EnquiryInbox {...loaderData} />;
}
