/**
 * The site's payment service: the payment core (app/features/payments) with one handler per
 * purpose. Features never import each other (DESIGN.md §3), so this module, outside the
 * features, is where what happens when something is paid is composed; the server
 * (server/payments.ts) and the routes reach the core only through `payments` below, so no code
 * path can mark an order paid without these handlers. docs/decisions/012-payments.md.
 *
 * A route of a selling feature starts a payment and sends the parent to the hand-off:
 *
 *   const result = await payments.start({
 *     purpose: "application_fee",
 *     payableKey: `application:${application.publicId}`,      // the thing owed
 *     payer: { name, email, phone },
 *     quote: async (tx) =>                                       // inside the lock on that thing
 *       (await feePaid(tx, application.id)) ? null
 *         : { description: `Application ${application.number}`, lines: [{ label: "Application fee", amountPaise: fee, ref: application.number }] },
 *   });
 *   const next = startRedirect(result); // features/payments/start-redirect.ts
 *   if (next) throw redirect(next, 303);
 *   // already_paid → its /payment-success?order=…;
 *   // unavailable → <PaymentUnavailable reason={result.reason} />; nothing_due → say so.
 *
 * and gives its purpose a handler here (issues 12-14), e.g.:
 *
 *   application_fee: {
 *     onPaid: async (tx, order) => {                 // the same transaction that marks it paid
 *       await markApplicationSubmitted(tx, order.lines[0]!.ref!);
 *       await issueReceipt(tx, order);               // numbered inside this transaction
 *     },
 *     links: (db, order) => receiptLinks(db, order.id),   // "Download receipt" on the success page
 *     retryPath: (order) => `/admissions/retry-payment/${order.payableKey.slice("application:".length)}`,
 *   },
 */
import { school } from "#content/school";
import { getDb, type Database } from "~/db/client.server";
import { feePurposeHandler } from "~/fees.server";
import { PROVIDER_LABELS } from "~/features/payments/labels";
import type { Flag } from "~/features/payments/flags";
import { paidOrdersFor, type PaymentOrder } from "~/features/payments/orders.server";
import type { PaymentPurposes } from "~/features/payments/purposes";
import { createPaymentService } from "~/features/payments/service.server";
import { paymentSetupFrom, type PaymentSetup } from "~/features/payments/settings.server";
import { issueOrderReceipt, orderReceiptLinks, type OrderFacts, type ReceiptFacts } from "~/features/receipts/order-receipts.server";
import { RECEIPT_SERIES } from "~/features/receipts/series";
import { sampleReceiptFacts } from "~/features/receipts/sample";
import { applicationByPublicId, markApplicationPaid, type ApplicationWithSession } from "~/features/admissions/applications.server";
import { getConfig } from "~/lib/config.server";
import { formatRupees } from "~/lib/money";

/** The receipts feature's view of a paid order (issue 12). */
function orderFacts(order: PaymentOrder): OrderFacts {
  return { ...order, providerLabel: PROVIDER_LABELS[order.provider] };
}

/** The receipt of an application fee (issue 14): in the application series, with the application's number and mobile (so /receipt-download finds it). */
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

/** "application:<publicId>" → "<publicId>". */
const applicationIdOf = (order: PaymentOrder) => order.payableKey.slice("application:".length);

/** The flag of an application fee paid by a second order: the money is recorded; one payment is refunded. */
async function applicationPaidTwice(tx: Database, application: ApplicationWithSession, order: PaymentOrder): Promise<Flag> {
  const others = (await paidOrdersFor(tx, "application_fee", order.payableKey)).filter((o) => o.id !== order.id).map((o) => o.reference);
  const by = others.length ? ` by order ${others.join(", ")}` : "";
  return { flag: "paid_twice", detail: `Application ${application.number} had already been paid${by}; this order's ${formatRupees(order.amountPaise)} is a second payment: refund one.` };
}

/**
 * What each purpose does when one of its orders is paid: each handler issues the order's receipt
 * in the paying transaction (issue 12). Sample orders (development) get one in a sample series;
 * application fees get one in the application series (issue 14); fees add theirs (issue 13).
 */
export const paymentPurposes: PaymentPurposes = {
  sample: {
    onPaid: async (tx, order) => void (await issueOrderReceipt(tx, orderFacts(order), sampleReceiptFacts(order))),
    links: (db, order) => orderReceiptLinks(db, order),
  },
  // School and bus fees (issue 13): ledger payment lines and the receipt, in this transaction.
  tuition: feePurposeHandler("tuition", orderFacts),
  bus: feePurposeHandler("bus", orderFacts),
  application_fee: {
    // The application becomes `submitted` and its receipt is numbered in the paying transaction.
    onPaid: async (tx, order) => {
      const before = await applicationByPublicId(tx, applicationIdOf(order));
      const application = await markApplicationPaid(tx, applicationIdOf(order), order.reference, order.paidAt ?? new Date());
      await issueOrderReceipt(tx, orderFacts(order), applicationReceiptFacts(application, order));
      // Only a paid fee moves an application out of payment_pending, and every payment of one
      // application holds the lock on its key: one already moved was paid by another order.
      if (before && before.status !== "payment_pending") return applicationPaidTwice(tx, application, order);
    },
    links: async (db, order) => [...(await orderReceiptLinks(db, order)), { label: "View acknowledgement", href: `/admissions/acknowledgement/${applicationIdOf(order)}` }],
    retryPath: (order) => `/admissions/retry-payment/${applicationIdOf(order)}`,
  },
};

let setup: PaymentSetup | undefined;

/** The gateways of this process, built once from the configuration. */
export function paymentSetup(): PaymentSetup {
  setup ??= paymentSetupFrom(getConfig(), school.name);
  return setup;
}

export const payments = createPaymentService({ getDb, setup: paymentSetup, purposes: paymentPurposes });
