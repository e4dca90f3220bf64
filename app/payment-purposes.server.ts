/**
 * The site's payment service: the payment core (app/features/payments) with one handler per
 * purpose. Features never import each other (DESIGN.md §3), so this module, outside the
 * features, is where what happens when something is paid is composed; the server
 * (server/payments.ts) and the routes reach the core only through `payments` below, so no code
 * path can mark an order paid without these handlers. docs/decisions/010-payments.md.
 *
 * To hook a feature in, give its purpose a handler, e.g. (issues 12-14):
 *
 *   tuition: {
 *     onPaid: async (tx, order) => {
 *       await postOnlinePayment(tx, order);   // fees: ledger lines for the periods in the order
 *       await issueReceipt(tx, order);        // receipts: numbered inside this transaction
 *     },
 *     links: async (db, order) => receiptLinks(db, order.id),
 *   },
 *   application_fee: { onPaid: markApplicationSubmitted, retryPath: (o) => `/admissions/retry-payment/${o.payableKey}` },
 */
import { school } from "#content/school";
import { getDb } from "~/db/client.server";
import type { PaymentPurposes } from "~/features/payments/purposes";
import { createPaymentService } from "~/features/payments/service.server";
import { paymentSetupFrom, type PaymentSetup } from "~/features/payments/settings.server";
import { getConfig } from "~/lib/config.server";

/** What each purpose does when one of its orders is paid. Sample orders (development) do nothing. */
export const paymentPurposes: PaymentPurposes = {};

let setup: PaymentSetup | undefined;

/** The gateways of this process, built once from the configuration. */
export function paymentSetup(): PaymentSetup {
  setup ??= paymentSetupFrom(getConfig(), school.name);
  return setup;
}

export const payments = createPaymentService({ getDb, setup: paymentSetup, purposes: paymentPurposes });
