/**
 * The site's payment service: the payment core with each selling feature's purpose. The one
 * place above the features, so the core never imports a feature and no code path can mark an
 * order paid without its purpose's handler (receipt, ledger, application). The server and the
 * routes reach the core's settling paths (returns, webhooks, reconciliation, start) only through
 * `payments` below. docs/decisions/012-payments.md, docs/decisions/020-core-and-features.md.
 */
import { getDb } from "~/db/client.server";
import type { PaymentPurposes } from "~/core/payments/purposes";
import { createPaymentService } from "~/core/payments/service.server";
import { paymentSetup } from "~/core/payments/settings.server";
import { issueOrderReceipt, orderReceiptLinks } from "~/core/receipts/issue.server";
import { enqueueReceiptMessage } from "~/core/receipts/message.server";
import { sampleReceiptFacts } from "~/core/receipts/sample";
import { applicationFeePurpose } from "~/features/admissions/payment.server";
import { familyFeesPurpose } from "~/features/fees/family-payment.server";
import { feePurpose } from "~/features/fees/payment.server";

/** What happens when an order of each purpose is paid, and its links and Try Again path. */
export const paymentPurposes: PaymentPurposes = {
  tuition: feePurpose("tuition"),
  bus: feePurpose("bus"),
  application_fee: applicationFeePurpose,
  // One payment for several students' school and bus fees (a family's reminder link).
  family_fees: familyFeesPurpose,
  // Development samples (/sample-payment, refused in production): a receipt in the sample series,
  // e-mailed to the payer when an address was given (the fault test's path from payment to mail).
  sample: {
    onPaid: async (tx, order, how) => {
      const receipt = await issueOrderReceipt(tx, order, sampleReceiptFacts(order));
      if (order.payerEmail) await enqueueReceiptMessage(tx, receipt, { email: order.payerEmail }, { confirmedLater: how.confirmedLater });
    },
    links: (db, order) => orderReceiptLinks(db, order),
  },
};

export const payments = createPaymentService({ getDb, setup: paymentSetup, purposes: paymentPurposes });
