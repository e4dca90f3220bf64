/**
 * Records one gateway word and moves its order, in one transaction (DESIGN.md §7):
 * the event is stored once per gateway event (a replay changes nothing), the order row is locked
 * while its next status is decided, and when it becomes paid the purpose's `onPaid` runs in the
 * same transaction, so a receipt is never missing for a paid order nor issued for an unpaid one.
 * A word is about one attempt of the order (one hand-off, one reference): the first attempt paid
 * settles the order; another attempt paid after it is money taken twice, recorded and flagged.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentAttempts, paymentEvents, paymentOrders, type PaymentEventKind } from "~/db/schema/payments";
import { formatRupees } from "~/lib/money";
import { decide, type Decision } from "./states";
import { withFlag, type Flag } from "./states";
import type { GatewayWord } from "./gateway";
import type { PaymentAttempt, PaymentOrder } from "./orders.server";
import { redactRecord } from "./payload";
import type { PaymentPurposes } from "./purposes";
import { nextStatus } from "./states";

export type RecordResult = {
  /** The order after the word (null when the word named no order of ours). */
  order: PaymentOrder | null;
  /** True when this gateway event had been stored before: nothing was done. */
  replay: boolean;
  decision: Decision | null;
};

export type RecordInput = {
  word: GatewayWord;
  /** The status API's answer asked because of this word, "unreachable", or null when not asked. */
  confirmation?: GatewayWord | "unreachable" | null;
  /** The order the word is about, or null when it names none of ours. */
  orderId: number | null;
  /** The attempt of that order the word is about (null: the word names no attempt row). */
  attemptId?: number | null;
  /** Whether this word counts as one check by hand of the order (default: a status_check word). */
  countsCheck?: boolean;
  /** Event kind when it is not the word's own (a status check made by reconciliation). */
  kind?: PaymentEventKind;
  purposes: PaymentPurposes;
  now: Date;
};

/** Text from a gateway (or a forger) as a column can hold it: no NUL bytes (PostgreSQL refuses them), at most `max` characters. */
function clean(text: string, max: number): string {
  return text.replaceAll("\u0000", "").slice(0, max);
}

/** The order's flag columns after `flags` are raised one by one, or null when they change nothing. */
function flagsAfter(order: { flag: string | null; flagDetail: string | null }, flags: readonly Flag[]): { flag: string; flagDetail: string } | null {
  let state: { flag: string | null; flagDetail: string | null } = order;
  let changed: { flag: string; flagDetail: string } | null = null;
  for (const f of flags) {
    const next = withFlag(state, f);
    if (next) state = changed = next;
  }
  return changed;
}

/** The flag of a second payment: `reference`'s attempt paid an order another attempt had paid. */
function paidTwiceFlag(order: PaymentOrder, reference: string, decision: Decision): Flag {
  const facts = decision.facts;
  const amount = facts?.amountPaise != null ? formatRupees(facts.amountPaise) : "the amount";
  const id = facts?.providerPaymentId ? ` (gateway payment ${clean(facts.providerPaymentId, 100)})` : "";
  return {
    flag: "paid_twice",
    detail: `Attempt ${reference} was paid as well: ${amount}${id}, after attempt ${order.paidReference ?? order.reference} had paid this order. The bank took the money twice: refund one.`,
  };
}

/** What a trusted word says about one attempt: its outcome (paid stays paid), status word, payment id and amount. */
async function recordOnAttempt(tx: Database, attempt: PaymentAttempt, decision: Decision, asked: boolean, now: Date): Promise<void> {
  const facts = decision.facts!;
  const took = decision.verdict === "paid" || decision.verdict === "held";
  await tx
    .update(paymentAttempts)
    .set({
      outcome: attempt.outcome === "paid" ? "paid" : decision.verdict,
      ...(facts.gatewayStatus ? { gatewayStatus: clean(facts.gatewayStatus, 100) } : {}),
      ...(facts.providerPaymentId && (took || !attempt.providerPaymentId) ? { providerPaymentId: clean(facts.providerPaymentId, 100) } : {}),
      ...(took && facts.amountPaise != null ? { paidAmountPaise: facts.amountPaise } : {}),
      ...(decision.verdict === "paid" && !attempt.paidAt ? { paidAt: now } : {}),
      ...(asked ? { checkedAt: now } : {}),
    })
    .where(eq(paymentAttempts.id, attempt.id));
}

/** Serialises everything that decides or pays one thing owed (order creation takes the same lock). */
export async function lockPayable(tx: Database, purpose: string, payableKey: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payment:${purpose}:${payableKey}`}, 0))`);
}

function eventPayload(word: GatewayWord, confirmation: RecordInput["confirmation"]): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...word.payload };
  if (confirmation === "unreachable") payload.confirmation = "the status API could not be asked";
  else if (confirmation) payload.confirmation = confirmation.payload;
  return redactRecord(payload);
}

/**
 * Stores the word as a `payment_events` row and applies it to the order. Throws what the driver
 * throws, and whatever `onPaid` throws (then nothing is stored and the order is unchanged: the
 * gateway retries its webhook, reconciliation asks again).
 */
export async function recordWord(db: Database, input: RecordInput): Promise<RecordResult> {
  const { word, confirmation = null, now } = input;
  const kind = input.kind ?? word.kind;
  const detailOf = (decision: Decision | null) =>
    clean([word.detail, confirmation && confirmation !== "unreachable" ? confirmation.detail : "", decision?.note ?? ""].filter(Boolean).join(" "), 2000);

  if (input.orderId === null) {
    const stored = await db
      .insert(paymentEvents)
      .values({
        orderId: null,
        reference: word.reference,
        provider: word.provider,
        kind,
        eventKey: word.eventKey,
        verified: word.verified,
        outcome: word.verified === false ? "rejected" : word.verdict,
        detail: `${detailOf(null)} No order of ours has this reference.`,
        payload: eventPayload(word, confirmation),
        createdAt: now,
      })
      .onConflictDoNothing({ target: paymentEvents.eventKey })
      .returning({ id: paymentEvents.id });
    return { order: null, replay: stored.length === 0, decision: null };
  }

  const orderId = input.orderId;
  return db.transaction(async (tx) => {
    const [peek] = await tx.select({ purpose: paymentOrders.purpose, payableKey: paymentOrders.payableKey }).from(paymentOrders).where(eq(paymentOrders.id, orderId));
    if (!peek) throw new Error(`Payment order ${orderId} does not exist`);
    await lockPayable(tx, peek.purpose, peek.payableKey);
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId)).for("update");
    const [attempt] = input.attemptId ? await tx.select().from(paymentAttempts).where(and(eq(paymentAttempts.id, input.attemptId), eq(paymentAttempts.orderId, orderId))) : [];
    const attemptReference = attempt?.reference ?? word.reference ?? order!.reference;
    const decision = decide(order!, word, confirmation);
    const next = nextStatus(order!.status, decision.verdict);
    // Another attempt of a paid order paid too: the bank took the money twice. Recorded, flagged, no second receipt.
    const paidTwice = order!.status === "paid" && decision.verdict === "paid" && attemptReference !== (order!.paidReference ?? order!.reference) ? paidTwiceFlag(order!, attemptReference, decision) : null;

    const stored = await tx
      .insert(paymentEvents)
      .values({
        orderId,
        reference: attemptReference,
        provider: word.provider,
        kind,
        eventKey: word.eventKey,
        verified: word.verified,
        outcome: decision.outcome,
        statusBefore: order!.status,
        statusAfter: next ?? order!.status,
        detail: clean([detailOf(decision), paidTwice?.detail ?? ""].filter(Boolean).join(" "), 2000),
        payload: eventPayload(word, confirmation),
        createdAt: now,
      })
      .onConflictDoNothing({ target: paymentEvents.eventKey })
      .returning({ id: paymentEvents.id });
    if (stored.length === 0) return { order: order!, replay: true, decision: null };

    // A paid order keeps the facts of the payment that paid it (a late word about another attempt changes nothing).
    const facts: Partial<GatewayWord> = order!.status === "paid" ? {} : (decision.facts ?? {});
    // Whether the thing owed was paid before by another order is the purpose's to say (onPaid):
    // one payable key may take many payments (a month of fees at a time).
    const flagged = flagsAfter(order!, paidTwice ? [...decision.flags, paidTwice] : decision.flags);
    const paidOrFlagged = next === "paid" || decision.flags.length > 0;
    const asked = kind === "status_check" || kind === "reconciliation";
    if (attempt && decision.facts) await recordOnAttempt(tx, attempt, decision, asked, now);
    const [updated] = await tx
      .update(paymentOrders)
      .set({
        status: next ?? order!.status,
        updatedAt: now,
        ...(next === "paid" ? { paidAt: now, paidReference: attemptReference } : {}),
        ...(facts.gatewayStatus ? { gatewayStatus: clean(facts.gatewayStatus, 100) } : {}),
        ...(facts.providerPaymentId && (paidOrFlagged || !order!.providerPaymentId) ? { providerPaymentId: clean(facts.providerPaymentId, 100) } : {}),
        ...(facts.bankReference ? { bankReference: clean(facts.bankReference, 100) } : {}),
        ...(facts.paymentMode ? { paymentMode: clean(facts.paymentMode, 50) } : {}),
        ...(paidOrFlagged && facts.amountPaise != null ? { paidAmountPaise: facts.amountPaise } : {}),
        ...(flagged ?? {}),
        ...(asked ? { lastCheckedAt: now } : {}),
        // Reconciliation counts its checks when it claims the order; a check asked for by hand counts here.
        ...((input.countsCheck ?? kind === "status_check") ? { checkCount: sql`${paymentOrders.checkCount} + 1` } : {}),
      })
      .where(eq(paymentOrders.id, orderId))
      .returning();
    if (next !== "paid") return { order: updated!, replay: false, decision };
    const raised = await input.purposes[updated!.purpose]?.onPaid?.(tx, updated!);
    const purposeFlag = raised ? flagsAfter(updated!, [raised]) : null;
    if (!purposeFlag) return { order: updated!, replay: false, decision };
    const [reflagged] = await tx.update(paymentOrders).set(purposeFlag).where(eq(paymentOrders.id, orderId)).returning();
    return { order: reflagged!, replay: false, decision };
  });
}

/**
 * Records a decision of ours that is no gateway's word (an order created, superseded by a new
 * attempt, expired by reconciliation, its gateway order not created), moving the order to
 * `status` when given and when it is in one of `onlyIf` (default: any status that may move
 * there). Returns the order after. Throws what the driver throws.
 */
export async function recordNote(
  db: Database,
  input: { order: PaymentOrder; kind: PaymentEventKind; detail: string; status?: "created" | "expired" | "failed"; payload?: Record<string, unknown>; now: Date; onlyIf?: readonly string[] },
): Promise<PaymentOrder> {
  return db.transaction(async (tx) => {
    await lockPayable(tx, input.order.purpose, input.order.payableKey);
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, input.order.id)).for("update");
    const next = input.status === "created" || !input.status ? null : nextStatus(order!.status, input.status);
    const moves = next !== null && (!input.onlyIf || input.onlyIf.includes(order!.status));
    await tx.insert(paymentEvents).values({
      orderId: order!.id,
      reference: order!.reference,
      provider: order!.provider,
      kind: input.kind,
      eventKey: null,
      verified: null,
      outcome: input.status === "created" ? "created" : moves ? next : "note",
      statusBefore: input.status === "created" ? null : order!.status,
      statusAfter: moves ? next : order!.status,
      detail: input.detail,
      payload: redactRecord(input.payload ?? {}),
      createdAt: input.now,
    });
    if (!moves) return order!;
    const [updated] = await tx.update(paymentOrders).set({ status: next, updatedAt: input.now }).where(eq(paymentOrders.id, order!.id)).returning();
    return updated!;
  });
}
