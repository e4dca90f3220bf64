/**
 * /admin/payments/{reference}: one payment, its attempts and events, and Check with the bank.
 * An attempt's reference leads to its order's page.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/payment-order";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { can, whoMay } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { orderDetailData } from "~/core/payments/admin/admin-data.server";
import { OrderDetail } from "~/core/payments/admin/order-detail";
import { isReference } from "~/core/payments/identifiers";
import { readForm } from "~/lib/request-body.server";
import { paymentPurposes, payments } from "~/payment-purposes.server";
import { setNoStore } from "~/lib/http";

async function detail(reference: string) {
  return isReference(reference) ? orderDetailData(await getDb(), reference, paymentPurposes) : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "fees.view");
  setNoStore(headers);
  const order = await detail(params.reference);
  if (order && order.reference !== params.reference) throw redirect(`/admin/payments/${order.reference}`, { headers });
  return data({ order, canCheck: can(user, "fees.manage") }, { status: order ? 200 : 404, headers });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "fees.manage");
  setNoStore(headers);
  // The Check with the bank button sends no fields; the body is still read only up to its cap.
  await readForm(request, "/admin/payments/:reference");
  if (!isReference(params.reference)) return data({ message: "No such payment." }, { status: 404, headers });
  const before = await detail(params.reference);
  const after = await payments.checkOrder(params.reference, actorOf(user, context.clientIp));
  if (!after || !before) return data({ message: "No such payment." }, { status: 404, headers });
  const message = after.status === before.status ? `The gateway was asked; the payment is still ${after.status}.` : `The gateway was asked: ${before.status} → ${after.status}.`;
  return data({ message }, { headers });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Payment ${params.reference} | Admin` }];

export default function PaymentOrder({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.order) {
    return (
      <>
        <h1 className="text-2xl font-bold text-brand-800">No such payment</h1>
        <p className="mt-3">There is no payment with this reference. <a className="text-brand-700 underline" href="/admin/payments">All payments</a></p>
      </>
    );
  }
  return <OrderDetail order={loaderData.order} message={actionData?.message ?? null} canCheck={loaderData.canCheck} need={whoMay("fees.manage")} />;
}
