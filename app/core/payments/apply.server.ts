/**
 * Records one gateway word and moves its order, in one transaction (DESIGN.md §7):
 * the event is stored once per gateway event (a replay changes nothing), the order row is locked
 * while its next status is decided, and when it becomes paid the purpose's `onPaid` runs in the
 * same transaction, so a receipt is never missing for a paid order nor issued for an unpaid one.
 * A word is about one attempt of the order (one hand-off, one reference): the first attempt paid
 * settles the order; another attempt paid after it is money taken twice, recorded and flagged.
 * The office is told in the same transaction (a `payment_flag` message): of every flag raised on
 * an order, and of words whose signature did not verify, at most once an hour.
 */
import { and, eq, ne, sql, type SQLWrapper } from "drizzle-orm";
import { recordAudit, type Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import { paymentAttempts, paymentEvents, paymentOrders, type PaymentEventKind } from "~/db/schema/payments";
import { enqueue } from "~/core/messages/outbox.server";
import { istHourKey } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { PROVIDER_LABELS } from "./labels";
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
  /**
   * The staff member who asked (a check by hand): the word's transaction then writes the audit
   * row `payment_order.check` (the order's status, amounts and flag before and after), always for
   * the word that counts the check and for any other that changes the order.
   */
  actor?: Actor;
};

/** What the audit log keeps of an order: its money state, as a check by hand may move it. */
function auditedOrder(o: PaymentOrder) {
  return { status: o.status, paidAmountPaise: o.paidAmountPaise, gatewayStatus: o.gatewayStatus, providerPaymentId: o.providerPaymentId, bankReference: o.bankReference, paymentMode: o.paymentMode, flag: o.flag };
}

/** The audit row of a check by hand (RecordInput.actor) in the word's transaction; returns `after`. */
async function auditCheck(tx: Database, input: RecordInput, before: PaymentOrder, after: PaymentOrder): Promise<PaymentOrder> {
  if (!input.actor) return after;
  const counts = input.countsCheck ?? (input.kind ?? input.word.kind) === "status_check";
  const changed = JSON.stringify(auditedOrder(before)) !== JSON.stringify(auditedOrder(after));
  if (counts || changed) await recordAudit(tx, { actor: input.actor, action: "payment_order.check", entity: "payment_order", entityId: before.reference, before: auditedOrder(before), after: auditedOrder(after) });
  return after;
}

/** Text from a gateway (or a forger) as a column can hold it: no NUL bytes (PostgreSQL refuses them), at most `max` characters. */
function clean(text: string, max: number): string {
  return text.replaceAll("\u0000", "").slice(0, max);
}

/**
 * The order's flag columns after `flags` are raised one by one (null when they change nothing),
 * and the flags that changed them (one already on the order with the same text is not raised again).
 */
function flagsAfter(order: { flag: string | null; flagDetail: string | null }, flags: readonly Flag[]): { columns: { flag: string; flagDetail: string } | null; raised: Flag[] } {
  let state: { flag: string | null; flagDetail: string | null } = order;
  let columns: { flag: string; flagDetail: string } | null = null;
  const raised: Flag[] = [];
  for (const f of flags) {
    const next = withFlag(state, f);
    if (next) {
      state = columns = next;
      raised.push(f);
    }
  }
  return { columns, raised };
}

/** The administrator's page of an order (app/routes.ts "admin/payments/:reference"). */
export function adminOrderPath(reference: string): string {
  return `/admin/payments/${encodeURIComponent(reference)}`;
}

/** Tells the office of each flag raised on `order` by the event `eventId` (key order + flag + event). */
async function tellOfficeOfFlags(tx: Database, order: PaymentOrder, raised: readonly Flag[], eventId: number, now: Date): Promise<void> {
  for (const f of raised) {
    await enqueue(tx, {
      kind: "payment_flag",
      data: { reference: order.reference, flag: f.flag, detail: f.detail, adminPath: adminOrderPath(order.reference) },
      key: `order:${order.id}:${f.flag}:event:${eventId}`,
      related: `order:${order.reference}`,
      now,
    });
  }
}

/**
 * Tells the office that a word's signature did not verify: at most one message an IST hour
 * (key `bad_signature:<hour>`), so forged callbacks cannot flood its inbox; every one of them is
 * in the payment events either way.
 */
async function tellOfficeOfBadSignature(tx: Database, word: GatewayWord, kind: PaymentEventKind, order: PaymentOrder | null, now: Date): Promise<void> {
  const named = word.reference ? clean(word.reference, 60).replace(/\s+/g, " ") : null;
  const about = order ? `order ${order.reference}` : named ? `reference ${named}, which is no order of ours` : "no order of ours";
  await enqueue(tx, {
    kind: "payment_flag",
    data: {
      reference: order?.reference ?? named ?? "(none)",
      flag: "bad_signature",
      detail: `A ${kind.replaceAll("_", " ")} claiming to come from ${PROVIDER_LABELS[word.provider]} about ${about} did not pass its signature check (forged, or damaged on the way): nothing was paid on its word. Others this hour are recorded in the payment events without another e-mail.`,
      adminPath: order ? adminOrderPath(order.reference) : "/admin/payments",
    },
    key: `bad_signature:${istHourKey(now)}`,
    related: order ? `order:${order.reference}` : undefined,
    now,
  });
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

/**
 * Whether the word (of `kind`, stored as event `eventId`) that pays order `orderId` confirms a
 * payment later: it is not the parent's return, and a return of this order came before it (one
 * that did not pay it, since the order was unpaid until now: the parent saw "being confirmed" or
 * a failure). Read in the paying transaction.
 */
async function confirmedLater(tx: Database, orderId: number, kind: PaymentEventKind, eventId: number): Promise<boolean> {
  if (kind === "return") return false;
  const [earlier] = await tx
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.kind, "return"), ne(paymentEvents.id, eventId)))
    .limit(1);
  return earlier !== undefined;
}

/** The advisory lock's key of one thing owed, "payment:<purpose>:<payableKey>" hashed: the same SQL for values and for an order's own columns. */
const payableLock = (purpose: SQLWrapper | string, payableKey: SQLWrapper | string) => sql`pg_advisory_xact_lock(hashtextextended(concat('payment:', ${purpose}::text, ':', ${payableKey}::text), 0))`;

/** Serialises everything that decides or pays one thing owed (order creation takes the same lock). */
export async function lockPayable(tx: Database, purpose: string, payableKey: string): Promise<void> {
  await tx.execute(sql`SELECT ${payableLock(purpose, payableKey)}`);
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
    return db.transaction(async (tx) => {
      const stored = await tx
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
      if (stored.length > 0 && word.verified === false) await tellOfficeOfBadSignature(tx, word, kind, null, now);
      return { order: null, replay: stored.length === 0, decision: null };
    });
  }

  const orderId = input.orderId;
  return db.transaction(async (tx) => {
    // The lock of the order's thing owed, taken in the statement that finds the order.
    const [exists] = await tx.select({ locked: sql`${payableLock(paymentOrders.purpose, paymentOrders.payableKey)}` }).from(paymentOrders).where(eq(paymentOrders.id, orderId));
    if (!exists) throw new Error(`Payment order ${orderId} does not exist`);
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
    const eventId = stored[0]!.id;
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
        ...(flagged.columns ?? {}),
        ...(asked ? { lastCheckedAt: now } : {}),
        // Reconciliation counts its checks when it claims the order; a check asked for by hand counts here.
        ...((input.countsCheck ?? kind === "status_check") ? { checkCount: sql`${paymentOrders.checkCount} + 1` } : {}),
      })
      .where(eq(paymentOrders.id, orderId))
      .returning();
    await tellOfficeOfFlags(tx, updated!, flagged.raised, eventId, now);
    // The order's own bad_signature flag names it; otherwise the hourly note covers an unverified word.
    if (word.verified === false && !flagged.raised.some((f) => f.flag === "bad_signature")) await tellOfficeOfBadSignature(tx, word, kind, updated!, now);
    if (next !== "paid") return { order: await auditCheck(tx, input, order!, updated!), replay: false, decision };
    const raised = await input.purposes[updated!.purpose]?.onPaid?.(tx, updated!, { confirmedLater: await confirmedLater(tx, orderId, kind, eventId) });
    const purposeFlag = raised ? flagsAfter(updated!, [raised]) : null;
    if (!purposeFlag?.columns) return { order: await auditCheck(tx, input, order!, updated!), replay: false, decision };
    const [reflagged] = await tx.update(paymentOrders).set(purposeFlag.columns).where(eq(paymentOrders.id, orderId)).returning();
    await tellOfficeOfFlags(tx, reflagged!, purposeFlag.raised, eventId, now);
    return { order: await auditCheck(tx, input, order!, reflagged!), replay: false, decision };
  });
}

/**
 * Records a decision of ours that is no gateway's word (an order created, superseded by a new
 * attempt, expired by reconciliation, its gateway order not created), moving the order to
 * `status` when given and when it is in one of `onlyIf` (default: any status that may move
 * there). Returns the order after. `held`: `db` is a transaction that already holds
 * `lockPayable` for the order's key and read `order` under it (payments.start), so neither the
 * lock nor the row is taken again. Throws what the driver throws.
 */
export async function recordNote(
  db: Database,
  input: { order: PaymentOrder; kind: PaymentEventKind; detail: string; status?: "created" | "expired" | "failed"; payload?: Record<string, unknown>; now: Date; onlyIf?: readonly string[]; held?: true },
): Promise<PaymentOrder> {
  const write = async (tx: Database, order: PaymentOrder): Promise<PaymentOrder> => {
    const next = input.status === "created" || !input.status ? null : nextStatus(order.status, input.status);
    const moves = next !== null && (!input.onlyIf || input.onlyIf.includes(order.status));
    await tx.insert(paymentEvents).values({
      orderId: order.id,
      reference: order.reference,
      provider: order.provider,
      kind: input.kind,
      eventKey: null,
      verified: null,
      outcome: input.status === "created" ? "created" : moves ? next : "note",
      statusBefore: input.status === "created" ? null : order.status,
      statusAfter: moves ? next : order.status,
      detail: input.detail,
      payload: redactRecord(input.payload ?? {}),
      createdAt: input.now,
    });
    if (!moves) return order;
    const [updated] = await tx.update(paymentOrders).set({ status: next, updatedAt: input.now }).where(eq(paymentOrders.id, order.id)).returning();
    return updated!;
  };
  if (input.held) return write(db, input.order);
  return db.transaction(async (tx) => {
    await lockPayable(tx, input.order.purpose, input.order.payableKey);
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, input.order.id)).for("update");
    return write(tx, order!);
  });
}
