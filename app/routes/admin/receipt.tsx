/**
 * /admin/receipts/{id}/cancel: one receipt, its PDF, and cancelling it with a reason;
 * a fee receipt's payment is reversed on the ledger in the same transaction.
 */
import { data } from "react-router";
import type { Route } from "./+types/receipt";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { can, whoMay } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { adminReceiptHref } from "~/core/receipts/admin.server";
import { CancelReceipt, type AdminReceiptView } from "~/core/receipts/components/cancel-receipt";
import { receiptById, type Receipt } from "~/core/receipts/issue.server";
import { cancelReceiptWithLedger } from "~/features/fees/office.server";
import { formatDateTime } from "~/lib/dates";
import { formatRupeesExact } from "~/lib/money";
import { reasonSchema, REASON_MESSAGE } from "~/lib/reason";
import { readForm } from "~/lib/request-body.server";
import { setNoStore } from "~/lib/http";

function view(r: Receipt): AdminReceiptView {
  return {
    id: r.id,
    number: r.number,
    issued: formatDateTime(r.issuedAt),
    student: [r.student.name, r.student.className, r.student.admissionNumber ?? r.student.applicationNumber].filter(Boolean).join(" · "),
    purpose: r.purpose,
    amount: formatRupeesExact(r.totalPaise),
    status: r.status,
    cancelled: r.cancelledAt ? `Cancelled ${formatDateTime(r.cancelledAt)} by ${r.cancelledBy ?? "the administrator"}: ${r.cancelReason}` : null,
    pdfHref: adminReceiptHref(r.id),
    verifyHref: `/verify-receipt/${r.verificationHash}`,
  };
}

async function find(id: string) {
  return /^\d{1,10}$/.test(id) ? receiptById(await getDb(), Number(id)) : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "fees.view");
  setNoStore(headers);
  const receipt = await find(params.id);
  if (!receipt) throw data("No such receipt.", { status: 404, headers });
  return data({ receipt: view(receipt), canCancel: can(user, "fees.manage") }, { headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "fees.manage");
  setNoStore(headers);
  const form = await readForm(request, "/admin/receipts/:id/cancel");
  const receipt = await find(params.id);
  if (!receipt) throw data("No such receipt.", { status: 404, headers });
  const reason = reasonSchema.safeParse(String(form.get("reason") ?? ""));
  if (!reason.success) return data({ message: `${REASON_MESSAGE}.` }, { status: 400, headers });
  const result = await cancelReceiptWithLedger(receipt.id, reason.data, actorOf(user, context.clientIp));
  if (result.kind !== "cancelled") return data({ message: "This receipt was already cancelled." }, { headers });
  return data({ message: `Receipt ${receipt.number} is cancelled.${result.reversedPayment ? " Its payment is reversed on the student's fee ledger: those months are owed again." : ""}` }, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Receipt | Admin" }];

export default function AdminReceipt({ loaderData, actionData }: Route.ComponentProps) {
  return <CancelReceipt receipt={loaderData.receipt} message={actionData?.message ?? null} canCancel={loaderData.canCancel} need={whoMay("fees.manage")} />;
}
