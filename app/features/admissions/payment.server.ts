/**
 * The application fee as a payment purpose: the order's input for `payments.start`, what
 * happens when it is paid (the application submitted and its receipt issued, in the paying
 * transaction), and what the acknowledgement shows of the payment and the receipt.
 * docs/decisions/017-admissions.md.
 */
import type { Database } from "~/db/client.server";
import { messageSettings } from "~/core/messages/settings.server";
import type { Flag } from "~/core/payments/states";
import { paidOrdersFor, type PaymentOrder } from "~/core/payments/orders.server";
import { payableIdOf, payableKey } from "~/core/payments/identifiers";
import type { PaymentPurposeHandler } from "~/core/payments/purposes";
import type { StartInput } from "~/core/payments/service.server";
import { issueOrderReceipt, orderReceiptHref, orderReceiptLinks, receiptForOrder, type ReceiptFacts } from "~/core/receipts/issue.server";
import { RECEIPT_SERIES } from "~/core/receipts/numbering";
import { maskName } from "~/lib/mask-name";
import { formatRupees } from "~/lib/money";
import { markApplicationPaid, type ApplicationWithSession } from "./applications.server";
import { enqueueApplicationReceived } from "./messages.server";
import type { StatusFacts } from "./components/application-status";

/** The payment core's key for an application's fee: "application:<publicId>". */
export function applicationPayableKey(publicId: string): string {
  return payableKey("application", publicId);
}

/**
 * The payment core's input for the fee of `application`. Nothing is due once the application
 * left `payment_pending` or its key has a paid order (checked inside the lock on the key).
 */
export function applicationFeeStart(application: ApplicationWithSession): StartInput {
  const payableKey = applicationPayableKey(application.publicId);
  return {
    purpose: "application_fee",
    payableKey,
    payer: { name: application.parentName, email: application.email, phone: application.mobile },
    subject: { name: application.childName, className: application.classApplied, number: application.number },
    async quote(tx) {
      const paid = await paidOrdersFor(tx, "application_fee", payableKey);
      if (paid.length > 0 || application.status !== "payment_pending") return null;
      return {
        description: `Application ${application.number}`,
        lines: [{ label: `Application fee, session ${application.sessionName}`, amountPaise: application.feePaise, ref: application.publicId }],
      };
    },
  };
}

export type ApplicationPayment = { order: Pick<PaymentOrder, "publicId" | "reference" | "amountPaise" | "paidAt">; receiptNumber: string | null; receiptHref: string | null } | null;

/** The paid order of the application's fee and its receipt (number and download link), or null while unpaid. */
export async function applicationPayment(db: Database, publicId: string): Promise<ApplicationPayment> {
  const [order] = await paidOrdersFor(db, "application_fee", applicationPayableKey(publicId));
  if (!order) return null;
  const receipt = await receiptForOrder(db, order.id);
  return {
    order: { publicId: order.publicId, reference: order.reference, amountPaise: order.amountPaise, paidAt: order.paidAt },
    receiptNumber: receipt?.number ?? null,
    receiptHref: receipt ? orderReceiptHref(order.publicId) : null,
  };
}

/** What the acknowledgement and the status page show of `application` (the name masked). */
export async function applicationStatusFacts(db: Database, application: ApplicationWithSession): Promise<StatusFacts> {
  const payment = application.status === "payment_pending" ? null : await applicationPayment(db, application.publicId);
  return {
    publicId: application.publicId,
    number: application.number,
    maskedName: maskName(application.childName),
    className: application.classApplied,
    sessionName: application.sessionName,
    status: application.status,
    birthCertificateLater: application.birthCertificateLater,
    receiptNumber: payment?.receiptNumber ?? null,
    receiptHref: payment?.receiptHref ?? null,
    admissionNumber: application.status === "admitted" ? application.admissionNumber : null,
  };
}

/** The receipt of an application fee: in the application series, with the application's number and mobile (so /receipt-download finds it). */
function applicationReceiptFacts(application: ApplicationWithSession, order: PaymentOrder): ReceiptFacts {
  return {
    series: RECEIPT_SERIES.application,
    purpose: "Application fee",
    student: {
      name: application.childName,
      className: application.classApplied,
      section: null,
      admissionNumber: null,
      applicationNumber: application.number,
      parentName: application.parentName,
      mobile: application.mobile,
      session: application.sessionName,
    },
    lines: [{ kind: "fee", head: "Application fee", period: `Session ${application.sessionName}`, amountPaise: order.amountPaise }],
  };
}

/** The flag of an application fee paid by a second order: the money is recorded; one payment is refunded. */
async function applicationPaidTwice(tx: Database, application: ApplicationWithSession, order: PaymentOrder): Promise<Flag> {
  const others = (await paidOrdersFor(tx, "application_fee", order.payableKey)).filter((o) => o.id !== order.id).map((o) => o.reference);
  const by = others.length ? ` by order ${others.join(", ")}` : "";
  return { flag: "paid_twice", detail: `Application ${application.number} had already been paid${by}; this order's ${formatRupees(order.amountPaise)} is a second payment: refund one.` };
}

/**
 * The application fee as a payment purpose: on paid, the application becomes `submitted`, its
 * receipt is numbered and the office and the parent are told (application_new,
 * application_received with the acknowledgement and the receipt: no separate payment_received,
 * and the same whether the bank confirmed it at once or later), all in the paying transaction;
 * a second paid order of one application is flagged for a refund (the money is recorded either
 * way, and the office hears of it through the flag).
 */
export const applicationFeePurpose: PaymentPurposeHandler = {
  onPaid: async (tx, order) => {
    const { application, moved } = await markApplicationPaid(tx, applicationIdOf(order), order.reference, order.paidAt ?? new Date());
    // The receipt's number is taken last but for its messages: its series' counter row stays
    // locked from then to the commit, and every payment of the series waits for it (decision 039).
    // Only a paid fee moves an application out of payment_pending, and every payment of one
    // application holds the lock on its key: one already moved was paid by another order.
    if (!moved) {
      const flag = await applicationPaidTwice(tx, application, order);
      await issueOrderReceipt(tx, order, applicationReceiptFacts(application, order));
      return flag;
    }
    const settings = await messageSettings(tx);
    const receipt = await issueOrderReceipt(tx, order, applicationReceiptFacts(application, order));
    await enqueueApplicationReceived(tx, application, receipt, { settings });
  },
  links: async (db, order) => [...(await orderReceiptLinks(db, order)), { label: "View acknowledgement", href: `/admissions/acknowledgement/${applicationIdOf(order)}` }],
  retryPath: (order) => `/admissions/retry-payment/${applicationIdOf(order)}`,
};

/** "application:<publicId>" → "<publicId>". */
const applicationIdOf = (order: PaymentOrder) => payableIdOf(order.payableKey, "application") ?? "";

