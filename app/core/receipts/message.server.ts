/**
 * A receipt as a message to the parent (docs/decisions/022-messages.md): `payment_received`
 * (or `payment_confirmed`, when the bank confirmed a payment the parent had seen as pending)
 * with the receipt's PDF attached, enqueued by whoever issued the receipt in the same
 * transaction (the fees feature's online handler and its office counter).
 */
import type { Database } from "~/db/client.server";
import type { AttachmentRef } from "~/db/schema/messages";
import { enqueue, type Enqueued } from "~/core/messages/outbox.server";
import type { MessageSettings } from "~/core/messages/settings";
import type { PaymentData } from "~/core/messages/templates";
import type { Receipt } from "./issue.server";
import { receiptFileName } from "./numbering";

/** The site path that verifies a receipt: "/verify-receipt/<hash>". */
export function verifyPath(receipt: Pick<Receipt, "verificationHash">): string {
  return `/verify-receipt/${receipt.verificationHash}`;
}

/** The receipt's PDF as an e-mail attachment (made when the e-mail is sent, by the "receipt" resolver). */
export function receiptAttachment(receipt: Pick<Receipt, "id" | "number">): AttachmentRef {
  return { kind: "receipt", id: String(receipt.id), filename: receiptFileName(receipt.number) };
}

/** What a payment message says, read from the receipt (so the message and the PDF never disagree). */
export function paymentData(receipt: Receipt): PaymentData {
  return {
    studentName: receipt.student.name,
    purpose: receipt.purpose,
    amountPaise: receipt.totalPaise,
    receiptNumber: receipt.number,
    verifyPath: verifyPath(receipt),
    paidAt: receipt.paidAt.toISOString(),
    mode: receipt.payment.mode,
    ...(receipt.payment.note ? { note: receipt.payment.note } : {}),
  };
}

/**
 * Enqueues the receipt's message to `to` (the student's e-mail and mobile on the roll) in `tx`,
 * the transaction that issued it: `payment_confirmed` when `confirmedLater`, else
 * `payment_received`; key `receipt:<id>`, so a receipt is announced once. `settings`: the
 * messages settings read in `tx` before the receipt's number was taken. Returns what was stored.
 */
export async function enqueueReceiptMessage(tx: Database, receipt: Receipt, to: { email?: string | null; mobile?: string | null }, options: { confirmedLater?: boolean; settings?: MessageSettings } = {}): Promise<Enqueued[]> {
  return enqueue(tx, {
    kind: options.confirmedLater ? "payment_confirmed" : "payment_received",
    data: paymentData(receipt),
    to,
    key: `receipt:${receipt.id}`,
    attachments: [receiptAttachment(receipt)],
    related: `receipt:${receipt.number}`,
    settings: options.settings,
  });
}
