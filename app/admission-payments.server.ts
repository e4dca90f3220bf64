/**
 * The application fee (issue 14) through the payment core: starting (or restarting) the payment
 * of an application, and what its acknowledgement shows of the payment and the receipt. The
 * handler that marks the application submitted and issues the receipt when the fee is paid is
 * in app/payment-purposes.server.ts.
 */
import type { Database } from "~/db/client.server";
import type { ApplicationWithSession } from "~/features/admissions/applications.server";
import type { StatusFacts } from "~/features/admissions/components/application-status";
import { maskName } from "~/lib/mask-name";
import { paidOrdersFor, type PaymentOrder } from "~/features/payments/orders.server";
import type { StartInput, StartResult } from "~/features/payments/service.server";
import { receiptForOrder } from "~/features/receipts/issue.server";
import { orderReceiptHref } from "~/features/receipts/order-receipts.server";
import { payments } from "~/payment-purposes.server";

/** The payment core's key for an application's fee: "application:<publicId>". */
export function applicationPayableKey(publicId: string): string {
  return `application:${publicId}`;
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

/**
 * Starts paying the fee of `application`: a new order unless one is open (the payment core
 * reuses a fresh open order and supersedes an old one after asking its gateway). Throws what
 * the driver throws.
 */
export function startApplicationFee(application: ApplicationWithSession): Promise<StartResult> {
  return payments.start(applicationFeeStart(application));
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
  };
}
