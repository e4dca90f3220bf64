/**
 * The payment core (DESIGN.md §7): starting a payment for something owed, handing it
 * off to the gateway (each hand-off an attempt with a fresh reference), the gateway's return and
 * webhooks, status checks and reconciliation. Built once per process by
 * app/payment-purposes.server.ts with each feature's purpose handler; routes and the server call
 * it through that module.
 */
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Actor } from "~/core/audit/audit.server";
import type { Database } from "~/db/client.server";
import { paymentAttempts, paymentEvents, paymentOrders, type OrderSubject } from "~/db/schema/payments";
import { formatRupees } from "~/lib/money";
import { lockPayable, recordNote, recordWord } from "./apply.server";
import type { GatewayOrder, GatewayWord, Handoff, PaymentGateway, WebhookGateway } from "./gateway";
import { newPublicId, newReference } from "./identifiers";
import { PROVIDER_LABELS, PURPOSE_LABELS } from "./labels";
import {
  attemptByProviderOrderId,
  attemptByReference,
  attemptsToAsk,
  openOrderFor,
  orderByAnyReference,
  orderByPublicId,
  paidOrdersFor,
  type OrderLine,
  type PaymentAttempt,
  type PaymentOrder,
  type PaymentPurpose,
} from "./orders.server";
import type { PaymentLink, PaymentPurposes } from "./purposes";
import type { PaymentSetup } from "./settings.server";
import { isOpen, OPEN_STATUSES, resultPath } from "./states";
import { messageOf } from "~/lib/errors";

/** An open order younger than this is handed off again instead of starting a new attempt. */
export const REUSE_OPEN_ORDER_MS = 20 * 60_000;
/** Reconciliation asks about an unsettled order at most this often... */
export const RECHECK_INTERVAL_MS = 15 * 60_000;
/** ...for this long after it was created, then expires it. */
export const RECONCILE_WINDOW_MS = 3 * 86_400_000;
/**
 * An order the gateway has said nothing about yet (still `created`) is first asked about once it
 * is this old: until then its payer is most likely on the gateway's page, where a status check
 * only learns "not yet" and, with a real gateway, spends its API rate limit (in one admission-day
 * surge trial, 6 runs asked about 72 such orders: issue 29, decision 041). A return, a webhook
 * or a pending word settles or moves the order sooner; a dropped return is healed at the first
 * run after this age.
 */
export const FIRST_CHECK_AFTER_MS = 5 * 60_000;
/** Largest amount Eazypay takes: 9 rupee digits. */
export const MAX_AMOUNT_PAISE = 999_999_999_99;

export type PaymentDeps = {
  getDb: () => Promise<Database>;
  setup: () => PaymentSetup;
  purposes: PaymentPurposes;
  now?: () => Date;
  /** Where decisions are logged (one line each, with the order's reference). */
  log?: (line: string) => void;
};

/** What the feature that sells something computes, inside the creation transaction. */
export type Quote = { description: string; lines: OrderLine[] };

export type StartInput = {
  purpose: PaymentPurpose;
  /** The thing owed, as the feature names it (≤ 200 characters), e.g. "application:<publicId>". */
  payableKey: string;
  payer?: { name?: string | null; email?: string | null; phone?: string | null };
  /** Who it pays for (the student or applicant), as every money list names them. */
  subject?: OrderSubject | null;
  /**
   * Computes what is owed now, with `tx`, while the thing owed is locked against a concurrent
   * payment: the lines (paise, computed on the server), or null when nothing is due (already paid).
   */
  quote(tx: Database): Promise<Quote | null>;
};

export type StartResult =
  | { kind: "handoff"; order: PaymentOrder; reused: boolean }
  | { kind: "already_paid"; order: PaymentOrder }
  | { kind: "nothing_due" }
  | { kind: "in_progress"; order: PaymentOrder }
  | { kind: "unavailable"; reason: string };

/** The order as the hand-off and result pages show it. */
export type OrderView = {
  publicId: string;
  reference: string;
  purpose: PaymentPurpose;
  purposeLabel: string;
  description: string;
  lines: OrderLine[];
  amountPaise: number;
  /** What the gateway reported paid (paise), or null. */
  paidAmountPaise: number | null;
  status: PaymentOrder["status"];
  provider: PaymentOrder["provider"];
  providerLabel: string;
  providerPaymentId: string | null;
  bankReference: string | null;
  createdAt: Date;
  paidAt: Date | null;
  links: PaymentLink[];
  retryPath: string;
};

export type Availability = { available: true; provider: PaymentOrder["provider"]; label: string } | { available: false; reason: string };

export type ReconcileSummary = { checked: number; paid: number; failed: number; expired: number; held: number; unchanged: number; errors: number };

/** An attempt as a gateway is asked about it: its reference and gateway order id (none for an order without attempts). */
type AttemptRef = Pick<PaymentAttempt, "reference" | "providerOrderId"> & { id: number | null };

/**
 * The order as the gateway sees one attempt of it: the attempt's reference and gateway order
 * (Razorpay), the order's amount, purpose and payer. Pure.
 */
export function gatewayOrderOf(order: PaymentOrder, attempt: Pick<AttemptRef, "reference" | "providerOrderId">): GatewayOrder {
  return { ...order, reference: attempt.reference, providerOrderId: attempt.providerOrderId };
}

const UNAVAILABLE = "Online payment is not available right now.";
const GATEWAY_DOWN = "The payment gateway cannot be reached right now. Please try again in a few minutes.";

export function createPaymentService(deps: PaymentDeps) {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((line: string) => console.log(line));
  const inFlight = new Map<string, Promise<unknown>>();

  /** Runs `work` once for concurrent callers with the same key in this process. */
  function once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = work().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  function gatewayFor(provider: PaymentOrder["provider"]): PaymentGateway | null {
    return deps.setup().gateways[provider] ?? null;
  }

  function availability(): Availability {
    const setup = deps.setup();
    const gateway = setup.gateways[setup.active];
    return gateway ? { available: true, provider: gateway.provider, label: gateway.label } : { available: false, reason: UNAVAILABLE };
  }

  function logDecision(order: PaymentOrder | null, reference: string | null, what: string) {
    log(`Payment ${order?.reference ?? reference ?? "(no reference)"}: ${what}`);
  }

  /**
   * Asks the order's gateway about its attempts (attemptsToAsk: the newest MAX_ATTEMPTS_ASKED and
   * any in progress, oldest first) and records each answer (kind: status_check or reconciliation):
   * the first paid attempt settles the order, another paid one is flagged paid_twice. `answered`
   * is false when some attempt could not be asked. Never throws for the gateway.
   */
  async function check(db: Database, order: PaymentOrder, kind: "status_check" | "reconciliation", why: string, actor?: Actor): Promise<{ order: PaymentOrder; answered: boolean }> {
    const gateway = gatewayFor(order.provider);
    const asked: AttemptRef[] = await attemptsToAsk(db, order.id);
    if (asked.length === 0) asked.push({ id: null, reference: order.reference, providerOrderId: order.providerOrderId });
    let current = order;
    let answered = true;
    for (const [i, attempt] of asked.entries()) {
      const target = gatewayOrderOf(current, attempt);
      const unasked = (detail: string, payload: Record<string, unknown> = {}): GatewayWord => ({ provider: order.provider, kind: "status_check", reference: attempt.reference, verified: null, verdict: "unknown", eventKey: null, payload, detail });
      let word: GatewayWord;
      if (!gateway) {
        word = unasked(`${PROVIDER_LABELS[order.provider]} is not configured on this server: it cannot be asked.`);
        answered = false;
      } else {
        try {
          word = await gateway.checkStatus(target);
        } catch (error) {
          const message = messageOf(error);
          word = unasked(`The gateway could not be asked: ${message}.`, { error: message });
          answered = false;
        }
      }
      const about = asked.length > 1 ? ` Attempt ${attempt.reference}:` : "";
      word = { ...word, detail: `${why}${about} ${word.detail}` };
      const before = current.status;
      // A check by hand counts once, however many attempts it asks about.
      const result = await recordWord(db, { word, orderId: order.id, attemptId: attempt.id, kind, countsCheck: kind === "status_check" && i === 0, purposes: deps.purposes, now: now(), actor });
      current = result.order ?? current;
      if (current.status !== before) logDecision(current, null, `${before} → ${current.status} (${kind}: ${word.detail})`);
    }
    return { order: current, answered };
  }

  /**
   * The attempt for the next hand-off of an open order: the one created with the order when it
   * has not been shown yet, else a new one with a fresh reference (and, for Razorpay, a new
   * Razorpay order). Null when the order is no longer open. Throws when the gateway cannot be
   * reached (nothing is stored then).
   */
  async function nextAttempt(db: Database, order: PaymentOrder, gateway: PaymentGateway): Promise<PaymentAttempt | null> {
    // The order row is share-locked so that an attempt is never added to an order being settled.
    const stillOpen = async (tx: Database) => {
      const [row] = await tx.select({ status: paymentOrders.status }).from(paymentOrders).where(eq(paymentOrders.id, order.id)).for("share");
      return row !== undefined && isOpen(row.status);
    };
    const claimed = await db.transaction(async (tx) => {
      if (!(await stillOpen(tx))) return "closed" as const;
      const [first] = await tx
        .update(paymentAttempts)
        .set({ handedOffAt: now() })
        .where(and(eq(paymentAttempts.orderId, order.id), isNull(paymentAttempts.handedOffAt)))
        .returning();
      return first ?? null;
    });
    if (claimed === "closed") return null;
    if (claimed) {
      if (claimed.providerOrderId) return claimed;
      const { providerOrderId } = await gateway.prepare(gatewayOrderOf(order, claimed));
      if (!providerOrderId) return claimed;
      const [prepared] = await db.update(paymentAttempts).set({ providerOrderId }).where(eq(paymentAttempts.id, claimed.id)).returning();
      return prepared!;
    }
    const reference = newReference();
    const { providerOrderId } = await gateway.prepare(gatewayOrderOf(order, { reference, providerOrderId: null }));
    return db.transaction(async (tx) => {
      if (!(await stillOpen(tx))) return null;
      const [created] = await tx.insert(paymentAttempts).values({ orderId: order.id, reference, provider: order.provider, providerOrderId, createdAt: now(), handedOffAt: now() }).returning();
      return created!;
    });
  }

  /** Creates the gateway's order for an order's first attempt where the protocol has one (Razorpay). Throws when it cannot. */
  async function prepareFirstAttempt(db: Database, order: PaymentOrder): Promise<PaymentOrder> {
    const gateway = gatewayFor(order.provider);
    if (!gateway) throw new Error(`${order.provider} is not configured`);
    const { providerOrderId } = await gateway.prepare(order);
    if (!providerOrderId) return order;
    return db.transaction(async (tx) => {
      await tx.update(paymentAttempts).set({ providerOrderId }).where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.reference, order.reference)));
      const [updated] = await tx.update(paymentOrders).set({ providerOrderId, updatedAt: now() }).where(eq(paymentOrders.id, order.id)).returning();
      return updated!;
    });
  }

  /**
   * Starts (or resumes) paying for something owed. A double click, a second tab or a reload
   * within REUSE_OPEN_ORDER_MS gets the same open order; an older open order is first checked
   * with its gateway, and superseded only when the gateway has no payment for it. The open order
   * is read once, under the lock on the key; only when it needs the gateway's word is the lock
   * let go for the question and taken again. Throws what the driver throws.
   */
  async function start(input: StartInput): Promise<StartResult> {
    const setup = deps.setup();
    const gateway = setup.gateways[setup.active];
    if (!gateway) return { kind: "unavailable", reason: UNAVAILABLE };
    if (!input.payableKey || input.payableKey.length > 200) throw new RangeError("payableKey must be 1-200 characters");
    const db = await deps.getDb();

    type Decided = StartResult | { kind: "new"; order: PaymentOrder } | { kind: "ask"; order: PaymentOrder };
    const decide = (asked: boolean) =>
      db.transaction(async (tx): Promise<Decided> => {
        await lockPayable(tx, input.purpose, input.payableKey);
        const current = await openOrderFor(tx, input.purpose, input.payableKey);
        // Asked outside the lock (a gateway call never holds a transaction), then decided again.
        if (current && !asked && !(current.status === "created" && now().getTime() - current.createdAt.getTime() < REUSE_OPEN_ORDER_MS)) return { kind: "ask", order: current };
        const quote = await input.quote(tx);
        if (!quote) {
          const [paid] = await paidOrdersFor(tx, input.purpose, input.payableKey);
          return paid ? { kind: "already_paid", order: paid } : { kind: "nothing_due" };
        }
        const lines: OrderLine[] = quote.lines.map((l) => ({ label: l.label.trim().slice(0, 200), amountPaise: l.amountPaise, ...(l.ref ? { ref: l.ref.slice(0, 200) } : {}) }));
        if (lines.length === 0 || lines.some((l) => !Number.isSafeInteger(l.amountPaise) || l.amountPaise <= 0 || !l.label)) {
          throw new RangeError("A quote needs lines with a label and a positive whole number of paise");
        }
        const amountPaise = lines.reduce((sum, l) => sum + l.amountPaise, 0);
        if (amountPaise > MAX_AMOUNT_PAISE) throw new RangeError(`Amount over ${formatRupees(MAX_AMOUNT_PAISE)}`);
        if (current?.status === "pending") return { kind: "in_progress", order: current };
        // Reused only for the very same lines: an equal amount for other things owed (another
        // month of fees) is a new order, or paying it would settle the wrong thing.
        const sameLines = current && JSON.stringify(current.lines.map((l) => [l.label, l.amountPaise, l.ref ?? null])) === JSON.stringify(lines.map((l) => [l.label, l.amountPaise, l.ref ?? null]));
        if (current && sameLines && current.amountPaise === amountPaise && current.provider === gateway.provider) return { kind: "handoff", order: current, reused: true };
        if (current) {
          await recordNote(tx, { order: current, kind: "order", status: "expired", now: now(), held: true, detail: `Superseded by a new attempt for ${formatRupees(amountPaise)}.` });
          logDecision(current, null, `superseded by a new attempt for ${formatRupees(amountPaise)} (the amount owed changed)`);
        }
        const [order] = await tx
          .insert(paymentOrders)
          .values({
            publicId: newPublicId(),
            reference: newReference(),
            purpose: input.purpose,
            payableKey: input.payableKey,
            description: quote.description.trim().slice(0, 300) || PURPOSE_LABELS[input.purpose],
            lines,
            amountPaise,
            provider: gateway.provider,
            payerName: input.payer?.name?.trim().slice(0, 200) || null,
            payerEmail: input.payer?.email?.trim().slice(0, 254) || null,
            payerPhone: input.payer?.phone?.trim().slice(0, 20) || null,
            subject: input.subject ? { name: input.subject.name.slice(0, 200), className: input.subject.className?.slice(0, 60) ?? null, number: input.subject.number?.slice(0, 60) ?? null } : null,
            createdAt: now(),
            updatedAt: now(),
          })
          .returning();
        // Its first attempt carries the order's own reference; later hand-offs get fresh ones.
        await tx.insert(paymentAttempts).values({ orderId: order!.id, reference: order!.reference, provider: order!.provider, createdAt: now() });
        await recordNote(tx, { order: order!, kind: "order", status: "created", now: now(), held: true, payload: { lines }, detail: `Order created: ${order!.description}, ${formatRupees(amountPaise)} through ${gateway.label}.` });
        return { kind: "new", order: order! };
      });

    let outcome = await decide(false);
    if (outcome.kind === "ask") {
      const { order: checked, answered } = await check(db, outcome.order, "status_check", "Asked before a new attempt.");
      if (checked.status === "paid") return { kind: "already_paid", order: checked };
      if (checked.status === "pending") return { kind: "in_progress", order: checked };
      if (checked.status === "created") {
        // Never start a second attempt while the gateway may still be taking the first one.
        if (!answered) return { kind: "unavailable", reason: GATEWAY_DOWN };
        await recordNote(db, { order: checked, kind: "order", status: "expired", onlyIf: ["created"], now: now(), detail: `Superseded by a new attempt: the gateway had no payment for it (${checked.gatewayStatus ?? "no status"}).` });
        logDecision(checked, null, "superseded by a new attempt (the gateway had no payment for it)");
      }
      outcome = await decide(true);
    }
    if (outcome.kind === "ask") throw new Error("unreachable: the open order is asked about once");
    if (outcome.kind !== "new") return outcome;
    logDecision(outcome.order, null, `created for ${formatRupees(outcome.order.amountPaise)} (${outcome.order.purpose}, ${gateway.provider})`);
    try {
      return { kind: "handoff", order: await prepareFirstAttempt(db, outcome.order), reused: false };
    } catch (error) {
      const message = messageOf(error);
      await recordNote(db, { order: outcome.order, kind: "order", status: "failed", now: now(), detail: `The gateway could not create its order: ${message}.` });
      logDecision(outcome.order, null, `gateway order not created: ${message}`);
      return { kind: "unavailable", reason: GATEWAY_DOWN };
    }
  }

  /**
   * The hand-off for an open order: every call is a new attempt with a fresh reference (a reload
   * of /pay/{order}, a second tab, a second Pay), since a gateway refuses a reference it has seen
   * (Eazypay E00325), and for Razorpay a new Razorpay order. `order` is the order as it is now;
   * `handoff` and `view` (the order as the page shows it) are null when it is not open or its
   * gateway is gone. Null for an unknown id. Throws when the gateway cannot be reached.
   */
  async function handoffFor(publicId: string): Promise<{ order: PaymentOrder; gateway: PaymentGateway | null; handoff: Handoff | null; reference: string | null; view: OrderView | null } | null> {
    const db = await deps.getDb();
    const found = await orderByPublicId(db, publicId);
    if (!found) return null;
    const gateway = gatewayFor(found.provider);
    if (!gateway || !isOpen(found.status)) return { order: found, gateway: null, handoff: null, reference: null, view: null };
    const attempt = await nextAttempt(db, found, gateway);
    if (!attempt) return { order: (await orderByPublicId(db, publicId)) ?? found, gateway: null, handoff: null, reference: null, view: null };
    return { order: found, gateway, handoff: gateway.handoff(gatewayOrderOf(found, attempt)), reference: attempt.reference, view: await viewOf(db, found) };
  }

  /**
   * The gateway's return to /student-payment: `fields` are the query and the POSTed form
   * together. Verifies, confirms a success with the status API, records the event, and returns
   * the page to send the parent to (303), or null when `fields` are no gateway's return. Throws
   * what the driver throws (the caller shows the pending page with `reference`).
   */
  async function handleReturn(fields: Record<string, string>): Promise<{ location: string; reference: string | null } | null> {
    const setup = deps.setup();
    const gateway = Object.values(setup.gateways).find((g) => g.recognisesReturn(fields));
    if (!gateway) return null;
    const reference = gateway.returnReference(fields);
    const db = await deps.getDb();
    let found = reference ? await attemptByReference(db, reference) : null;
    if (!found && fields.razorpay_order_id) found = await attemptByProviderOrderId(db, "razorpay", fields.razorpay_order_id);
    if (found && found.order.provider !== gateway.provider) found = null;
    const order = found?.order ?? null;
    // Verified against what we stored for that attempt (its reference, Razorpay's order id).
    const target = found && gatewayOrderOf(found.order, found.attempt);
    const word = gateway.parseReturn(fields, target);
    const key = word.eventKey ?? "";
    // Concurrent replays of one return in this process share one check and one transaction;
    // across processes the event's unique key stores it once.
    const result = await once(`return:${key}`, async () => {
      const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.eventKey, key));
      if (seen) return { order: order && (await orderByPublicId(db, order.publicId)) };
      let confirmation: GatewayWord | "unreachable" | null = null;
      // The attempt that paid has been confirmed; any other attempt's success is asked about (it may be a second payment).
      const settledBy = order?.status === "paid" && found!.attempt.reference === (order.paidReference ?? order.reference);
      if (target && !settledBy && (word.needsConfirmation || word.verified === false)) {
        confirmation = await gateway.checkStatus(target).catch(() => "unreachable" as const);
      }
      const recorded = await recordWord(db, { word, confirmation, orderId: order?.id ?? null, attemptId: found?.attempt.id ?? null, purposes: deps.purposes, now: now() });
      if (!recorded.replay) logDecision(recorded.order, reference, `return ${word.verified ? "verified" : "not verified"}: ${recorded.decision?.note ?? "no order of ours"} → ${recorded.order?.status ?? "-"}`);
      return recorded;
    });
    const current = result.order;
    if (!current) return { location: "/payment-failure", reference };
    return { location: `${resultPath(current.status)}?order=${current.publicId}`, reference: current.reference };
  }

  /**
   * A webhook's raw body and headers. Returns the HTTP status to answer: 200 when stored (or
   * a replay, or not about an order of ours), 400 when the signature does not verify, 404 when no
   * gateway here takes webhooks. Throws what the driver throws (answer 5xx: the gateway retries).
   */
  async function handleWebhook(provider: "razorpay", rawBody: Buffer, headers: Record<string, string | undefined>): Promise<{ status: 200 | 400 | 404; message: string }> {
    const gateway = gatewayFor(provider) as WebhookGateway | null;
    if (!gateway) return { status: 404, message: "No webhook is expected here." };
    const parsed = gateway.parseWebhook(rawBody, headers);
    const db = await deps.getDb();
    if (!parsed.verified || parsed.words.length === 0) {
      const note: GatewayWord = { provider, kind: "webhook", reference: null, verified: parsed.verified, verdict: "unknown", eventKey: parsed.eventKey, payload: parsed.payload, detail: parsed.detail };
      await recordWord(db, { word: note, orderId: null, purposes: deps.purposes, now: now() });
      if (!parsed.verified) log(`Payment webhook refused: ${parsed.detail}`);
      return parsed.verified ? { status: 200, message: "Stored." } : { status: 400, message: "Signature did not verify." };
    }
    for (const word of parsed.words) {
      let found = word.providerOrderId ? await attemptByProviderOrderId(db, provider, word.providerOrderId) : null;
      if (!found && word.reference) found = await attemptByReference(db, word.reference);
      if (found && found.order.provider !== provider) found = null;
      const recorded = await recordWord(db, { word, orderId: found?.order.id ?? null, attemptId: found?.attempt.id ?? null, purposes: deps.purposes, now: now() });
      if (!recorded.replay) logDecision(recorded.order, word.reference, `webhook ${word.gatewayStatus}: ${recorded.decision?.note ?? "no order of ours"} → ${recorded.order?.status ?? "-"}`);
    }
    return { status: 200, message: "Stored." };
  }

  /**
   * A staff member's "Check with the bank" (or /icici-debug's status check, `place` "payment
   * debug") for the order of `reference` (its own or any attempt's): asks about its attempts, each
   * answer audited as `actor`'s check (recordWord). Null for an unknown reference.
   */
  async function checkOrder(reference: string, actor: Actor, place?: string): Promise<PaymentOrder | null> {
    const db = await deps.getDb();
    const order = await orderByAnyReference(db, reference);
    return order && (await check(db, order, "status_check", `Asked by ${actor.email}${place ? ` (${place})` : ""}.`, actor)).order;
  }

  /**
   * Asks the gateway about every unsettled order (created or pending; held ones and failed
   * Razorpay ones too, within RECONCILE_WINDOW_MS of their creation: a word for the right amount,
   * a late capture) not asked in the last RECHECK_INTERVAL_MS (a `created` one never asked: once
   * it is FIRST_CHECK_AFTER_MS old), about each of its attempts (the newest MAX_ATTEMPTS_ASKED and
   * any in progress), then expires open orders older than the window. Each order is claimed
   * before it is asked, so two runs at once never ask about the same order. Idempotent.
   */
  async function reconcile(limit = 200): Promise<ReconcileSummary> {
    const db = await deps.getDb();
    const at = now();
    const summary: ReconcileSummary = { checked: 0, paid: 0, failed: 0, expired: 0, held: 0, unchanged: 0, errors: 0 };
    const windowStart = new Date(at.getTime() - RECONCILE_WINDOW_MS);
    const due = or(
      lt(paymentOrders.lastCheckedAt, new Date(at.getTime() - RECHECK_INTERVAL_MS)),
      and(isNull(paymentOrders.lastCheckedAt), or(ne(paymentOrders.status, "created"), lt(paymentOrders.createdAt, new Date(at.getTime() - FIRST_CHECK_AFTER_MS)))),
    );
    const unsettled = or(
      inArray(paymentOrders.status, [...OPEN_STATUSES]),
      // A held order waits for a word for its own amount (never expired); a failed Razorpay one for a late capture.
      and(eq(paymentOrders.status, "held"), gt(paymentOrders.createdAt, windowStart)),
      and(eq(paymentOrders.status, "failed"), eq(paymentOrders.provider, "razorpay"), gt(paymentOrders.createdAt, windowStart)),
    );
    const candidates = db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(and(unsettled, due))
      .orderBy(paymentOrders.createdAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(paymentOrders)
      .set({ lastCheckedAt: at, checkCount: sql`${paymentOrders.checkCount} + 1` })
      .where(inArray(paymentOrders.id, candidates))
      .returning();
    for (const order of claimed) {
      summary.checked++;
      try {
        let { order: after } = await check(db, order, "reconciliation", "Reconciliation.");
        if (isOpen(after.status) && after.createdAt <= windowStart) {
          after = await recordNote(db, { order: after, kind: "reconciliation", status: "expired", now: at, detail: `Expired: not settled ${RECONCILE_WINDOW_MS / 86_400_000} days after it was created.` });
          logDecision(after, null, "expired by reconciliation");
        }
        if (after.status === order.status) summary.unchanged++;
        else if (after.status === "paid") summary.paid++;
        else if (after.status === "failed") summary.failed++;
        else if (after.status === "expired") summary.expired++;
        else if (after.status === "held") summary.held++;
        else summary.unchanged++;
      } catch (error) {
        summary.errors++;
        logDecision(order, null, `reconciliation failed: ${messageOf(error)}`);
      }
    }
    return summary;
  }

  /** The order behind a result-page link, as the page shows it; null for an unknown id. */
  async function view(publicId: string): Promise<OrderView | null> {
    const db = await deps.getDb();
    const order = await orderByPublicId(db, publicId);
    return order && viewOf(db, order);
  }

  /** `order` as a page shows it; a paid order's links are read from `db`. */
  async function viewOf(db: Database, order: PaymentOrder): Promise<OrderView> {
    const handler = deps.purposes[order.purpose];
    return {
      publicId: order.publicId,
      reference: order.reference,
      purpose: order.purpose,
      purposeLabel: PURPOSE_LABELS[order.purpose],
      description: order.description,
      lines: order.lines,
      amountPaise: order.amountPaise,
      paidAmountPaise: order.paidAmountPaise,
      status: order.status,
      provider: order.provider,
      providerLabel: PROVIDER_LABELS[order.provider],
      providerPaymentId: order.providerPaymentId,
      bankReference: order.bankReference,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      links: order.status === "paid" && handler?.links ? await handler.links(db, order) : [],
      retryPath: handler?.retryPath?.(order) ?? "/fee-payment",
    };
  }

  return { availability, start, handoffFor, handleReturn, handleWebhook, checkOrder, reconcile, view };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
