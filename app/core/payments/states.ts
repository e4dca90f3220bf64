/**
 * The order's state machine (DESIGN.md §7): created → pending → paid | failed |
 * expired | held. Paid is final; a late success after failed or expired still wins (Razorpay's
 * `payment.failed` may be followed by `payment.captured`); a success for another amount or
 * merchant holds the order for the office (not paid, not open: the family may pay again), and
 * only a verified word for its own amount moves it on, to paid; nothing moves backwards. Below:
 * what a gateway's word means for an order (`decide`) and the flags that ask the office to look.
 */
import type { OrderStatus } from "~/db/schema/payments";
import type { OrderFlag } from "~/db/payment-values";
import { formatRupees } from "~/lib/money";
import type { GatewayWord } from "./gateway";

/**
 * What a gateway (or the reconciliation clock) says about an order:
 * - `paid`: the gateway confirmed the money arrived, for the order's amount and merchant;
 * - `held`: the gateway confirmed a payment, but for another amount or merchant;
 * - `pending`: still in progress (a challan issued, UPI awaiting the payer, authorised only);
 * - `failed`: the gateway says this attempt did not succeed;
 * - `expired`: nobody settled it within the reconciliation window;
 * - `unknown`: nothing usable (no answer, not initiated yet).
 */
export type Verdict = "paid" | "held" | "pending" | "failed" | "expired" | "unknown";

/**
 * The statuses of an open order: it blocks a new one for the same thing owed (a double click
 * finds it) and the reconciliation clock still asks the gateway about it. Held is not open. The
 * partial unique index payment_orders_one_open_idx (app/db/schema/payments.ts) writes the same
 * list in SQL.
 */
export const OPEN_STATUSES = ["created", "pending"] as const satisfies readonly OrderStatus[];

/** Whether an order in this status is open (OPEN_STATUSES). */
export function isOpen(status: OrderStatus): boolean {
  return (OPEN_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Whether an order ended without the money (failed, expired or held): neither paid nor open, so the family may try again. */
export function isRetryable(status: OrderStatus): boolean {
  return status !== "paid" && !isOpen(status);
}

/**
 * The status an order moves to on a verdict, or null when it stays where it is.
 * Pure; the caller applies it under a row lock.
 */
export function nextStatus(current: OrderStatus, verdict: Verdict): OrderStatus | null {
  if (current === "paid") return null;
  switch (verdict) {
    case "paid":
      return "paid";
    case "held":
      return current === "held" ? null : "held";
    case "pending":
      return current === "created" ? "pending" : null;
    case "failed":
      return isOpen(current) ? "failed" : null;
    case "expired":
      return isOpen(current) ? "expired" : null;
    case "unknown":
      return null;
  }
}

/** The parent's page for an order in each status (SPEC §2 result pages, 'being confirmed', and 'held'). */
export type ResultPath = "/payment-success" | "/payment-failure" | "/payment-pending" | "/payment-on-hold";

/** Where a parent is sent for an order in this status. */
export function resultPath(status: OrderStatus): ResultPath {
  if (status === "paid") return "/payment-success";
  if (status === "failed" || status === "expired") return "/payment-failure";
  if (status === "held") return "/payment-on-hold";
  return "/payment-pending";
}

/**
 * Flags on an order: why the administrator must look at it (the list's "needs a look" filter,
 * the order page's warning). The kinds are ORDER_FLAGS (app/db/payment-values.ts); the payment
 * core raises the mismatches, bad signatures and a second paid attempt, a purpose's `onPaid`
 * may raise its own (e.g. "credit"). A later flag never hides an earlier one: the order shows
 * the latest kind and every detail, oldest first.
 */
export type { OrderFlag };

/** One reason to look, with a sentence the administrator reads (e.g. "… refund one."). */
export type Flag = { flag: OrderFlag; detail: string };

/** Longest flag_detail kept: the earliest details stay, a newer one is cut. */
export const MAX_FLAG_DETAIL = 2000;

/**
 * The order's flag columns after `next` is raised: `flag` becomes the newest kind and its detail
 * is added on a new line after the earlier ones. Returns null when nothing changes (the same
 * detail is already there: a status check that says the same thing again). Pure.
 */
export function withFlag(current: { flag: string | null; flagDetail: string | null }, next: Flag): { flag: OrderFlag; flagDetail: string } | null {
  const detail = next.detail.trim();
  const earlier = current.flag ? (current.flagDetail ?? "").trim() : "";
  if (current.flag === next.flag && earlier.split("\n").includes(detail)) return null;
  if (current.flag && earlier.split("\n").includes(detail)) return { flag: next.flag, flagDetail: earlier };
  const flagDetail = (earlier ? `${earlier}\n${detail}` : detail).slice(0, MAX_FLAG_DETAIL);
  return current.flag === next.flag && flagDetail === earlier ? null : { flag: next.flag, flagDetail };
}

/**
 * What the core concludes from a gateway's word (DESIGN.md §7): money moves only on
 * verified facts. Pure; apply.server.ts records the decision and moves the order.
 *
 * - A message whose signature does not verify is never trusted. For a return (the parent's
 *   browser carried it) the gateway's status API is asked instead, and its answer decides; when
 *   that answer is a payment the return claimed, the order is settled and flagged
 *   "bad_signature" (a forged or damaged return that the office should know about).
 * - A success carried by the browser (even signed) is confirmed with the status API first; until
 *   it is, the order is pending ("being confirmed").
 * - A success for another amount or another merchant is recorded, flagged and held for the
 *   office, never paid.
 */

export type Decision = {
  /** The verdict the order's state machine gets. */
  verdict: Verdict;
  /** The word whose facts (amount, ids) are recorded on the order; null when nothing in it can be trusted. */
  facts: GatewayWord | null;
  /** What the administrator must look at (none, usually). */
  flags: Flag[];
  /** What the gateway said, for the event: paid, pending, failed, unknown; rejected when it could not be trusted. */
  outcome: string;
  /** One sentence on what was decided and why. */
  note: string;
};

/**
 * `confirmation`: the status API's word asked because of this message, "unreachable" when it
 * could not be asked, or null when it was not asked.
 */
export function decide(order: { amountPaise: number }, word: GatewayWord, confirmation: GatewayWord | "unreachable" | null): Decision {
  const confirmed = confirmation && confirmation !== "unreachable" ? confirmation : null;
  if (word.verified === false) {
    if (word.kind === "return" && confirmed) {
      // The payer came back saying it failed (or cancelled) and the gateway has no payment: failed
      // (never final: a payment that still arrives wins).
      if (word.verdict === "failed" && confirmed.verdict === "unknown") {
        return { verdict: "failed", facts: confirmed, flags: [], outcome: "rejected", note: "The return is unsigned; the gateway has no payment for it: failed." };
      }
      const decision = checkPaid(order, confirmed, "rejected", "The return's signature did not verify, so the gateway's status API decided.");
      if (word.verdict === "paid" && (decision.verdict === "paid" || decision.verdict === "held")) decision.flags.push(badSignature(word));
      return decision;
    }
    return { verdict: "unknown", facts: null, flags: [], outcome: "rejected", note: "Not trusted: nothing changed." };
  }
  if (word.mismatch && word.verdict !== "paid") {
    return { verdict: "unknown", facts: null, flags: [], outcome: word.verdict, note: `${word.mismatch.detail} Nothing changed.` };
  }
  if (word.needsConfirmation) {
    if (!confirmed) {
      return { verdict: "pending", facts: word, flags: flagsOf(word.mismatch), outcome: word.verdict, note: `Success claimed; the status API ${confirmation === "unreachable" ? "could not be asked" : "was not asked"}: pending until it confirms.` };
    }
    if (confirmed.verdict !== "paid") {
      return { verdict: "pending", facts: { ...word, ...definedFacts(confirmed) }, flags: flagsOf(word.mismatch), outcome: word.verdict, note: `Success claimed, but the status API says ${confirmed.gatewayStatus ?? confirmed.verdict}: pending until it confirms.` };
    }
    return checkPaid(order, { ...confirmed, mismatch: word.mismatch ?? confirmed.mismatch, providerPaymentId: confirmed.providerPaymentId ?? word.providerPaymentId }, word.verdict, "Success confirmed by the status API.");
  }
  return checkPaid(order, word, word.verdict, "");
}

/** A paid word becomes paid only for the order's own amount and merchant; another one holds the order. */
function checkPaid(order: { amountPaise: number }, facts: GatewayWord, outcome: string, lead: string): Decision {
  const note = (s: string) => [lead, s].filter(Boolean).join(" ");
  if (facts.verdict !== "paid") return { verdict: facts.verdict, facts, flags: [], outcome, note: note(`The gateway says ${facts.verdict}.`) };
  if (facts.mismatch) return { verdict: "held", facts, flags: [facts.mismatch], outcome, note: note(`${facts.mismatch.detail} Held for the administrator, not paid.`) };
  if (facts.amountPaise === null || facts.amountPaise === undefined) {
    return { verdict: "pending", facts, flags: [], outcome, note: note("The gateway gave no amount: not paid until one is confirmed.") };
  }
  if (facts.amountPaise !== order.amountPaise) {
    const detail = `The gateway reports ${formatRupees(facts.amountPaise)} paid; the order is for ${formatRupees(order.amountPaise)}.`;
    return { verdict: "held", facts, flags: [{ flag: "amount_mismatch", detail }], outcome, note: note(`${detail} Held for the administrator, not paid.`) };
  }
  return { verdict: "paid", facts, flags: [], outcome, note: note(`Paid ${formatRupees(facts.amountPaise)}.`) };
}

/** The flag of a return that claimed a payment the status API confirmed, with a signature that did not verify. */
function badSignature(word: GatewayWord): Flag {
  const reference = word.reference ? ` for reference ${word.reference}` : "";
  return {
    flag: "bad_signature",
    detail: `A return${reference} claimed the payment succeeded, but its ${word.signatureName ?? "signature"} did not verify (forged, or damaged on the way); the status API confirmed the payment, and its word was recorded.`,
  };
}

function flagsOf(mismatch: GatewayWord["mismatch"]): Flag[] {
  return mismatch ? [mismatch] : [];
}

/** The facts a word carries, without the fields it left empty. */
function definedFacts(word: GatewayWord): Partial<GatewayWord> {
  return Object.fromEntries(
    Object.entries({ providerPaymentId: word.providerPaymentId, bankReference: word.bankReference, paymentMode: word.paymentMode, gatewayStatus: word.gatewayStatus }).filter(([, v]) => v),
  );
}
