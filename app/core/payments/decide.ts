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
import { formatRupees } from "~/lib/money";
import type { Flag } from "./flags";
import type { GatewayWord } from "./gateway";
import type { Verdict } from "./states";

export type { Flag };

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
