/**
 * How the features that sell something (fees, admissions) and the one that documents it
 * (receipts) hook into the payment core without importing it into each other (DESIGN.md §3;
 * docs/decisions/012-payments.md). A composition module outside the features
 * (app/payment-purposes.server.ts) gives the core one handler per purpose.
 */
import type { Database } from "~/db/client.server";
import type { PaymentOrder, PaymentPurpose } from "./orders.server";

export type PaymentLink = { label: string; href: string };

/**
 * What a purpose found wrong with money it was paid, for the administrator: `credit` (it pays
 * things already paid by another channel: refund it or apply it), `paid_twice` (the very same
 * thing was paid by two orders). Stored on the order; the payment is recorded regardless.
 */
export type PurposeFlag = { flag: "credit" | "paid_twice"; detail: string };

export type PaymentPurposeHandler = {
  /**
   * Runs inside the transaction that marks `order` paid (its status is already "paid"), after
   * the order row is locked: post the payment to the ledger, issue the receipt. Called exactly
   * once per paid order. Throwing rolls everything back: the order stays unpaid and the gateway's
   * word is not stored, so a webhook is retried and reconciliation asks again; the error is logged
   * with the order's reference. Use `tx` for every write. Returns a flag when the money pays
   * something already paid (the core stores it on the order in the same transaction).
   */
  onPaid?(tx: Database, order: PaymentOrder): Promise<void | PurposeFlag>;
  /** Links for the success page and the administrator's order page (e.g. "Download receipt"). */
  links?(db: Database, order: PaymentOrder): Promise<PaymentLink[]>;
  /** Where "Try Again" leads after a failure (default /fee-payment, SPEC §2). */
  retryPath?(order: PaymentOrder): string;
};

export type PaymentPurposes = Partial<Record<PaymentPurpose, PaymentPurposeHandler>>;
