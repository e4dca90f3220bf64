/**
 * The administrator's payment pages' data: the list with totals, one order with its
 * events, and /icici-debug. Amounts and IST times are formatted here, once.
 */
import type { Database } from "~/db/client.server";
import { formatDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { PROVIDER_LABELS, PURPOSE_LABELS, subjectText } from "../labels";
import { attemptsOf, eventsOfOrder, listOrders, orderByAnyReference, recentGatewayEvents, type OrderFilters, type PaymentAttempt, type PaymentEvent } from "../orders.server";
import type { PaymentPurposes } from "../purposes";
import type { PaymentSetup } from "../settings.server";
import { resultPath } from "../states";
import type { DebugData } from "./debug-view";
import type { AttemptRow, EventRow, OrderDetailData } from "./order-detail";
import type { OrderRow, StatusTotalRow } from "./order-list";

export async function orderListData(db: Database, filters: OrderFilters, page: number, size: number) {
  const { rows, total, totals } = await listOrders(db, filters, { number: page, size });
  const shown: OrderRow[] = rows.map((o) => ({
    reference: o.reference,
    created: formatDateTime(o.createdAt),
    purpose: o.purpose,
    description: o.description,
    subject: subjectText(o.subject),
    provider: o.provider,
    amount: formatRupees(o.amountPaise),
    status: o.status,
    flag: o.flag,
    providerPaymentId: o.providerPaymentId,
  }));
  const totalRows: StatusTotalRow[] = totals.map((t) => ({ status: t.status, orders: t.orders, amount: formatRupees(t.amountPaise) }));
  return { rows: shown, total, totals: totalRows, page, pageCount: Math.max(1, Math.ceil(total / size)), filters };
}

function eventRow(e: PaymentEvent): EventRow {
  return {
    id: e.id,
    at: formatDateTime(e.createdAt),
    kind: e.kind,
    verified: e.verified,
    outcome: e.outcome,
    statusBefore: e.statusBefore,
    statusAfter: e.statusAfter,
    detail: e.detail,
    payload: JSON.stringify(e.payload, null, 2),
  };
}

function attemptRow(a: PaymentAttempt, paidReference: string | null): AttemptRow {
  return {
    reference: a.reference,
    created: formatDateTime(a.createdAt),
    handedOff: a.handedOffAt ? formatDateTime(a.handedOffAt) : null,
    providerOrderId: a.providerOrderId,
    outcome: a.outcome,
    gatewayStatus: a.gatewayStatus,
    providerPaymentId: a.providerPaymentId,
    paidAmount: a.paidAmountPaise === null ? null : formatRupees(a.paidAmountPaise),
    checked: a.checkedAt ? formatDateTime(a.checkedAt) : null,
    paidTheOrder: a.reference === paidReference,
  };
}

/** One order for its admin page, found by its own reference or any attempt's, or null when none has it. */
export async function orderDetailData(db: Database, reference: string, purposes: PaymentPurposes): Promise<OrderDetailData | null> {
  const order = await orderByAnyReference(db, reference);
  if (!order) return null;
  const fields: [string, string][] = [
    ["Created", formatDateTime(order.createdAt)],
    ...(order.paidAt ? ([["Paid", formatDateTime(order.paidAt)]] as [string, string][]) : []),
    ...(order.paidReference && order.paidReference !== order.reference ? ([["Paid by attempt", order.paidReference]] as [string, string][]) : []),
    ...(order.providerOrderId ? ([["Gateway order id", order.providerOrderId]] as [string, string][]) : []),
    ...(order.providerPaymentId ? ([[order.provider === "icici_eazypay" ? "Eazypay Unique Ref Number" : "Gateway payment id", order.providerPaymentId]] as [string, string][]) : []),
    ...(order.bankReference ? ([["Bank reference (UTR)", order.bankReference]] as [string, string][]) : []),
    ...(order.paymentMode ? ([["Payment mode", order.paymentMode]] as [string, string][]) : []),
    ...(order.gatewayStatus ? ([["Gateway's last word", order.gatewayStatus]] as [string, string][]) : []),
    ...(order.payerName ? ([["Payer", [order.payerName, order.payerPhone, order.payerEmail].filter(Boolean).join(", ")]] as [string, string][]) : []),
    ["Last checked", order.lastCheckedAt ? `${formatDateTime(order.lastCheckedAt)} (${order.checkCount} ${order.checkCount === 1 ? "check" : "checks"} in all)` : "never"],
  ];
  const handler = purposes[order.purpose];
  return {
    reference: order.reference,
    status: order.status,
    flag: order.flag,
    flagDetail: order.flagDetail,
    purpose: PURPOSE_LABELS[order.purpose],
    description: order.description,
    subject: subjectText(order.subject) || "Not recorded",
    lines: order.lines.map((l) => ({ label: l.label, amount: formatRupees(l.amountPaise) })),
    amount: formatRupees(order.amountPaise),
    paidAmount: order.paidAmountPaise === null ? null : formatRupees(order.paidAmountPaise),
    provider: PROVIDER_LABELS[order.provider],
    fields,
    links: order.status === "paid" && handler?.links ? await handler.links(db, order) : [],
    attempts: (await attemptsOf(db, order.id)).map((a) => attemptRow(a, order.paidReference)),
    events: (await eventsOfOrder(db, order.id)).map(eventRow),
    resultPath: `${resultPath(order.status)}?order=${order.publicId}`,
  };
}

/** /icici-debug's page: settings masked, the last 50 events. */
export async function debugData(db: Database, setup: PaymentSetup, siteUrl: string): Promise<DebugData> {
  const events = await recentGatewayEvents(db, 50);
  return {
    provider: setup.active,
    available: Boolean(setup.gateways[setup.active]),
    problems: setup.problems,
    settings: setup.settings,
    returnUrl: `${siteUrl}/student-payment`,
    webhookUrl: `${siteUrl}/api/payments/razorpay/webhook`,
    events: events.map((e) => ({ ...eventRow(e), reference: e.orderId === null ? null : e.reference, payload: "" })),
  };
}
