/**
 * How a selling feature (fees, admissions) hooks into the payment core: it exports one handler
 * for its purpose, which calls the receipts service itself; the table in
 * app/payment-purposes.server.ts gives the core every purpose's handler, so the core never
 * imports a feature (docs/decisions/020-core-and-features.md).
 */
import type { Database } from "~/db/client.server";
import type { Flag } from "./states";
import type { PaymentOrder, PaymentPurpose } from "./orders.server";

/** A link on the success page; `download`: it is a file (a receipt's PDF), not a page. */
export type PaymentLink = { label: string; href: string; download?: boolean };

/** How an order came to be paid, for what the purpose tells the parent. */
export type PaidContext = {
  /**
   * True when the parent's return had shown the order pending or unknown and a later word (a
   * webhook, a status check, reconciliation) paid it: the parent is told "payment confirmed"
   * (`payment_confirmed`), not "payment received". False when the return itself paid it, or no
   * return came.
   */
  confirmedLater: boolean;
};

export type PaymentPurposeHandler = {
  /**
   * Runs inside the transaction that marks `order` paid (its status is already "paid"), after
   * the order row is locked: post the payment to the ledger, issue the receipt. Called exactly
   * once per paid order. Throwing rolls everything back: the order stays unpaid and the gateway's
   * word is not stored, so a webhook is retried and reconciliation asks again; the error is logged
   * with the order's reference. Use `tx` for every write.
   *
   * May return a flag for the administrator (e.g. `{ flag: "credit", detail: "May 2026 was
   * already paid: ₹1,500 kept as credit." }`, or "paid_twice" when the thing was already paid by
   * another order): the core stores it on the order in the same transaction, after any earlier
   * flag's text. The order is paid either way: the money arrived.
   *
   * `paid` says how it was paid (PaidContext); a handler that tells the parent enqueues its
   * message with `tx` (app/core/messages/outbox.server.ts), so it exists exactly when the
   * payment does.
   */
  onPaid?(tx: Database, order: PaymentOrder, paid: PaidContext): Promise<void | Flag>;
  /** Links for the success page and the administrator's order page (e.g. "Download receipt"). */
  links?(db: Database, order: PaymentOrder): Promise<PaymentLink[]>;
  /** Where "Try Again" leads after a failure (default /fee-payment, SPEC §2). */
  retryPath?(order: PaymentOrder): string;
};

export type PaymentPurposes = Partial<Record<PaymentPurpose, PaymentPurposeHandler>>;
