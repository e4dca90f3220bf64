/**
 * The payment core on a real database (PGlite, or PostgreSQL with DATABASE_URL), through the
 * development gateway: one order per thing owed under double submits, paid only on verified and
 * confirmed words, the paid handler inside the paying transaction, replays stored once,
 * reconciliation (healing, expiry, two runs at once), and a staff member's check audited in its
 * word's transaction.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-payments-"));

const { eq } = await import("drizzle-orm");
const { getDatabase } = await import("~/db/client.server");
const { paymentOrders } = await import("~/db/schema/payments");
const { startHarness } = await import("./testing/harness");
const { lockPayable, recordWord } = await import("./apply.server");
const { REUSE_OPEN_ORDER_MS, RECONCILE_WINDOW_MS } = await import("./service.server");
const { auditRows, byActor, testActor } = await import("~/core/audit/testing.server");
const ACTOR = testActor();

type Harness = Awaited<ReturnType<typeof startHarness>>;
let h: Harness;

/** Follows the mock's hand-off: opens its page and answers it, returning the signed return's fields. */
function mockAnswer(order: { reference: string; amountPaise: number; description: string }, decision: "pay" | "fail" | "pending") {
  const handoff = h.gateways.mock.handoff(order as never);
  const checkout = h.gateways.mock.checkout(new URL(handoff.url, "http://x").searchParams)!;
  const answer = h.gateways.mock.decide(checkout, decision);
  if (!("returnUrl" in answer) || !answer.returnUrl) throw new Error("no return");
  return Object.fromEntries(new URL(answer.returnUrl, "http://x").searchParams);
}

beforeAll(async () => {
  h = await startHarness((await getDatabase()).db);
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.use("mock");
  h.setClock(null);
  h.failOnPaid(false);
});

describe("starting a payment", () => {
  it("a double submit, a second tab and a reload get one order", async () => {
    const thing = h.thing();
    const results = await Promise.all(Array.from({ length: 10 }, () => h.payments.start(thing)));
    const references = new Set(results.map((r) => (r.kind === "handoff" ? r.order.reference : r.kind)));
    expect(references.size).toBe(1);
    const again = await h.payments.start(thing);
    expect(again.kind === "handoff" && again.reused).toBe(true);
    expect(again.kind === "handoff" && references.has(again.order.reference)).toBe(true);
    const order = await h.order([...references][0]!);
    expect(order).toMatchObject({ status: "created", amountPaise: 150_000, purpose: "tuition", provider: "mock" });
    expect(order.reference).toMatch(/^[A-Z2-9]{12}$/);
    console.log(`double submit: 10 concurrent starts + 1 reload gave ${references.size} order`);
  });

  it("the amount comes from the server's quote, summed from its lines, never from the browser", async () => {
    const thing = h.thing();
    const result = await h.payments.start({ ...thing, quote: async () => ({ description: "Two months", lines: [{ label: "April", amountPaise: 260_000, ref: "due:41" }, { label: "May", amountPaise: 260_050, ref: "due:42" }] }) });
    expect(result.kind === "handoff" && result.order.amountPaise).toBe(520_050);
    // The selling feature's own ids come back with the order (for its onPaid).
    expect(result.kind === "handoff" && result.order.lines.map((l) => l.ref)).toEqual(["due:41", "due:42"]);
    await expect(h.payments.start({ ...h.thing(), quote: async () => ({ description: "x", lines: [{ label: "bad", amountPaise: 10.5 }] }) })).rejects.toThrow(RangeError);
    await expect(h.payments.start({ ...h.thing(), quote: async () => ({ description: "x", lines: [] }) })).rejects.toThrow(RangeError);
  });

  it("a thing already paid cannot be paid again", async () => {
    const thing = h.thing();
    const order = await h.startOrder(thing);
    await h.payments.handleReturn(mockAnswer(order, "pay"));
    expect((await h.order(order.reference)).status).toBe("paid");
    const again = await h.payments.start(thing);
    expect(again.kind).toBe("already_paid");
  });

  it("an open order older than the reuse window is checked first: superseded only when the gateway has no payment", async () => {
    const thing = h.thing();
    const old = await h.startOrder(thing);
    h.setClock(new Date(Date.now() + REUSE_OPEN_ORDER_MS + 60_000));
    const next = await h.payments.start(thing);
    expect(next.kind).toBe("handoff");
    expect(next.kind === "handoff" && next.order.reference).not.toBe(old.reference);
    expect((await h.order(old.reference)).status).toBe("expired");

    // The same, but the parent did pay the first attempt: no second order.
    h.setClock(null);
    const paidThing = h.thing();
    const first = await h.startOrder(paidThing);
    mockAnswer(first, "pay"); // the bank has it; the return never arrived
    h.setClock(new Date(Date.now() + REUSE_OPEN_ORDER_MS + 60_000));
    const answer = await h.payments.start(paidThing);
    expect(answer.kind).toBe("already_paid");
    expect((await h.order(first.reference)).status).toBe("paid");
  });

  it("an old open order the gateway cannot be asked about, or is still taking, is never superseded", async () => {
    const thing = h.thing();
    const old = await h.startOrder(thing);
    h.setClock(new Date(Date.now() + REUSE_OPEN_ORDER_MS + 60_000));
    const checkStatus = h.gateways.mock.checkStatus;
    h.gateways.mock.checkStatus = async () => {
      throw new Error("connect ETIMEDOUT");
    };
    try {
      const results = await Promise.all([h.payments.start(thing), h.payments.start(thing)]);
      expect(results.map((r) => r.kind)).toEqual(["unavailable", "unavailable"]);
    } finally {
      h.gateways.mock.checkStatus = checkStatus;
    }
    expect((await h.order(old.reference)).status).toBe("created");
    const orders = await h.db.select().from(paymentOrders).where(eq(paymentOrders.payableKey, thing.payableKey));
    expect(orders).toHaveLength(1);

    // The parent is on the bank's page: the gateway says pending, so the order is kept.
    mockAnswer(old, "pending");
    const again = await h.payments.start(thing);
    expect(again.kind).toBe("in_progress");
    expect((await h.order(old.reference)).status).toBe("pending");
  });

  it("says when online payment is unavailable", async () => {
    h.use("icici_eazypay");
    const payments = h.service();
    expect(payments.availability().available).toBe(true);
    const none = (await import("./service.server")).createPaymentService({ getDb: async () => h.db, setup: () => ({ active: "razorpay", gateways: {}, problems: ["x"], settings: [] }), purposes: {} });
    expect(none.availability()).toEqual({ available: false, reason: "Online payment is not available right now." });
    expect((await none.start(h.thing())).kind).toBe("unavailable");
  });
});

describe("returns", () => {
  it("a signed, confirmed success marks the order paid and runs the purpose's handler once, in the same transaction", async () => {
    const order = await h.startOrder();
    const result = await h.payments.handleReturn(mockAnswer(order, "pay"));
    expect(result?.location).toBe(`/payment-success?order=${order.publicId}`);
    const after = await h.order(order.reference);
    expect(after).toMatchObject({ status: "paid", paidAmountPaise: 150_000 });
    expect(after.paidAt).not.toBeNull();
    expect(await h.receipts(order.reference)).toBe(1);
    const view = await h.payments.view(order.publicId);
    expect(view?.links).toEqual([{ label: "Download receipt", href: `/receipt/${order.reference}` }]);
  });

  it("a forged or tampered return marks nothing paid", async () => {
    const order = await h.startOrder();
    const fields = mockAnswer(order, "fail");
    // The payer failed; a forger flips the status (the signature no longer matches) and the bank says failed.
    const result = await h.payments.handleReturn({ ...fields, mock_status: "paid" });
    expect(result?.location).toBe(`/payment-failure?order=${order.publicId}`);
    expect((await h.order(order.reference)).status).toBe("failed");
    const [event] = await h.events(order.id, "return");
    expect(event).toMatchObject({ verified: false, outcome: "rejected" });
    expect(await h.receipts(order.reference)).toBe(0);

    // A return made up for an order nobody has paid: rejected, and the bank has nothing.
    const other = await h.startOrder();
    const forged = { mock_reference: other.reference, mock_status: "paid", mock_payment_id: "mockpay_x", mock_amount: "1500.00", mock_signature: "0".repeat(64) };
    await h.payments.handleReturn(forged);
    expect((await h.order(other.reference)).status).toBe("created");
  });

  it("a return for no order of ours is stored and answered with the failure page", async () => {
    const result = await h.payments.handleReturn({ mock_reference: "ABCDEFGHJKLM", mock_status: "paid", mock_payment_id: "p", mock_amount: "1.00", mock_signature: "0".repeat(64) });
    expect(result).toEqual({ location: "/payment-failure", reference: "ABCDEFGHJKLM" });
  });

  it("fields that are no gateway's return are left to the page", async () => {
    expect(await h.payments.handleReturn({ hello: "world" })).toBeNull();
  });

  it("50 concurrent replays of one signed return, across two server processes, give one paid order, one stored event and one receipt", async () => {
    const order = await h.startOrder();
    const fields = mockAnswer(order, "pay");
    const second = h.service();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? second : h.payments).handleReturn(fields)));
    expect(new Set(answers.map((a) => a?.location))).toEqual(new Set([`/payment-success?order=${order.publicId}`]));
    expect((await h.order(order.reference)).status).toBe("paid");
    expect(await h.events(order.id, "return")).toHaveLength(1);
    expect(await h.receipts(order.reference)).toBe(1);
    console.log(`50 concurrent replays of a signed return: 1 paid order, ${(await h.events(order.id, "return")).length} stored event, ${await h.receipts(order.reference)} receipt`);
  });

  // PGlite has one connection: a second transaction waits for the first whatever it locks.
  it.skipIf(!process.env.DATABASE_URL?.trim())("a word waits while another transaction holds the lock of its thing owed", async () => {
    // recordWord takes the lock from the order's own columns, lockPayable from values: one lock.
    const order = await h.startOrder();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = h.db.transaction(async (tx) => {
      await lockPayable(tx, order.purpose, order.payableKey);
      locked();
      await held;
    });
    await isLocked;
    let settled = false;
    const word = h.payments.handleReturn(mockAnswer(order, "pay")).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    expect((await h.order(order.reference)).status).toBe("created");
    release();
    await holder;
    await word;
    expect((await h.order(order.reference)).status).toBe("paid");
  });

  it("50 concurrent deliveries of one word straight into the paying transaction store it once", async () => {
    const order = await h.startOrder();
    mockAnswer(order, "pay");
    const word = await h.gateways.mock.checkStatus(order);
    const keyed = { ...word, kind: "webhook" as const, verified: true, eventKey: `test:word:${order.reference}` };
    const results = await Promise.all(Array.from({ length: 50 }, () => recordWord(h.db, { word: keyed, orderId: order.id, purposes: h.purposes, now: new Date() })));
    expect(results.filter((r) => !r.replay)).toHaveLength(1);
    expect(await h.events(order.id, "webhook")).toHaveLength(1);
    expect(await h.receipts(order.reference)).toBe(1);
  });

  it("when the purpose's handler throws, nothing is marked paid and nothing is stored; the next word pays", async () => {
    const order = await h.startOrder();
    const fields = mockAnswer(order, "pay");
    h.failOnPaid(true);
    await expect(h.payments.handleReturn(fields)).rejects.toThrow("receipt printer on fire");
    expect((await h.order(order.reference)).status).toBe("created");
    expect(await h.events(order.id, "return")).toHaveLength(0);
    h.failOnPaid(false);
    const retry = await h.payments.handleReturn(fields);
    expect(retry?.location).toMatch(/^\/payment-success/);
    expect(await h.receipts(order.reference)).toBe(1);
  });

  it("a payment left pending shows 'being confirmed', and reconciliation settles it once the bank approves", async () => {
    const order = await h.startOrder();
    const result = await h.payments.handleReturn(mockAnswer(order, "pending"));
    expect(result?.location).toBe(`/payment-pending?order=${order.publicId}`);
    expect((await h.order(order.reference)).status).toBe("pending");
    const checkout = h.gateways.mock.checkout(new URL(h.gateways.mock.handoff(order).url, "http://x").searchParams)!;
    expect(h.gateways.mock.decide(checkout, "approve")).toEqual({ returnUrl: null });
    h.setClock(new Date(Date.now() + 16 * 60_000));
    await h.payments.reconcile();
    expect((await h.order(order.reference)).status).toBe("paid");
    expect(await h.receipts(order.reference)).toBe(1);
  });
});

describe("flags", () => {
  /** A fee-like thing owed: one key per student and session, one order per choice of months. */
  function months(payableKey: string, ...labels: string[]) {
    return { ...h.thing(), payableKey, quote: async () => ({ description: labels.join(", "), lines: labels.map((label) => ({ label: `Tuition Fee, ${label}`, amountPaise: 150_000, ref: label })) }) };
  }

  it("two orders of one fee payable key for different months are both paid and neither is flagged", async () => {
    // A student id no student has (ids are serial): on PostgreSQL the files share one database, and
    // a small id is another file's student, whose own orders would meet these (and these, its).
    const key = `student:${1_000_000_000 + (Date.now() % 1_000_000_000)}:2026-27`;
    const april = await h.startOrder(months(key, "April 2026"));
    await h.payments.handleReturn(mockAnswer(april, "pay"));
    const may = await h.startOrder(months(key, "May 2026"));
    expect(may.id).not.toBe(april.id);
    await h.payments.handleReturn(mockAnswer(may, "pay"));
    for (const order of [april, may]) {
      expect(await h.order(order.reference)).toMatchObject({ status: "paid", flag: null, flagDetail: null });
      expect(await h.receipts(order.reference)).toBe(1);
    }
  });

  it("a flag returned by the purpose's onPaid is stored on the order in the paying transaction, after any earlier flag", async () => {
    const credit = h.service({ tuition: { onPaid: async () => ({ flag: "credit", detail: "May 2026 was already paid: ₹1,500 kept as credit." }) } });
    const order = await h.startOrder();
    await credit.handleReturn(mockAnswer(order, "pay"));
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", flag: "credit", flagDetail: "May 2026 was already paid: ₹1,500 kept as credit." });

    // An order flagged before it is paid keeps that text too.
    const flagged = await h.startOrder();
    await h.db.update(paymentOrders).set({ flag: "merchant_mismatch", flagDetail: "An earlier word named another merchant." }).where(eq(paymentOrders.id, flagged.id));
    await credit.handleReturn(mockAnswer(flagged, "pay"));
    expect(await h.order(flagged.reference)).toMatchObject({ status: "paid", flag: "credit", flagDetail: "An earlier word named another merchant.\nMay 2026 was already paid: ₹1,500 kept as credit." });
  });
});

describe("reconciliation", () => {
  it("heals a dropped return, expires what nobody paid after 3 days, and two runs at once ask about each order once", async () => {
    const dropped = await h.startOrder();
    mockAnswer(dropped, "pay"); // paid at the bank; the browser never came back
    const abandoned = await h.startOrder();
    // Orders the gateway has said nothing about are left alone while their payers may be paying.
    await h.payments.reconcile();
    expect(await h.events(dropped.id, "reconciliation")).toHaveLength(0);
    h.pastFirstCheck();
    const [first, second] = await Promise.all([h.payments.reconcile(), h.service().reconcile()]);
    expect((await h.order(dropped.reference)).status).toBe("paid");
    expect(first.checked + second.checked).toBeGreaterThanOrEqual(2);
    expect(await h.events(dropped.id, "reconciliation")).toHaveLength(1);
    expect(await h.events(abandoned.id, "reconciliation")).toHaveLength(1);

    // Within 15 minutes nothing is asked again.
    await h.payments.reconcile();
    expect(await h.events(abandoned.id, "reconciliation")).toHaveLength(1);

    h.setClock(new Date(Date.now() + RECONCILE_WINDOW_MS + 60_000));
    await h.payments.reconcile();
    const after = await h.order(abandoned.reference);
    expect(after.status).toBe("expired");
    expect((await h.events(abandoned.id, "reconciliation")).map((e) => e.statusAfter)).toEqual(["created", "created", "expired"]);
  });

  it("a late success after expiry still wins", async () => {
    const order = await h.startOrder();
    h.setClock(new Date(Date.now() + RECONCILE_WINDOW_MS + 60_000));
    await h.payments.reconcile();
    expect((await h.order(order.reference)).status).toBe("expired");
    h.setClock(null);
    await h.payments.handleReturn(mockAnswer(order, "pay"));
    expect((await h.order(order.reference)).status).toBe("paid");
  });

  it("the administrator's check asks the gateway now and records it", async () => {
    const order = await h.startOrder();
    mockAnswer(order, "pay");
    const after = await h.payments.checkOrder(order.reference, ACTOR);
    expect(after?.status).toBe("paid");
    expect(after?.checkCount).toBe(1);
    expect(after?.lastCheckedAt).not.toBeNull();
    const [event] = await h.events(order.id, "status_check");
    expect(event?.detail).toMatch(new RegExp(`^Asked by ${ACTOR.email.replaceAll(".", "\\.")}\\.`));
    // Audited under the order's reference with the money state before and after; asked again
    // with nothing new, the check itself is still on the log.
    await h.payments.checkOrder(order.reference, ACTOR);
    const rows = await auditRows(h.db, "payment_order.check", order.reference);
    expect(rows).toEqual([
      expect.objectContaining({ ...byActor(ACTOR), entity: "payment_order", before: expect.objectContaining({ status: "created", paidAmountPaise: null }), after: expect.objectContaining({ status: "paid", paidAmountPaise: order.amountPaise }) }),
      expect.objectContaining({ ...byActor(ACTOR), before: {}, after: {} }),
    ]);
  });

  it("a check whose paying transaction fails leaves the order, its events and the audit log as they were", async () => {
    const order = await h.startOrder();
    mockAnswer(order, "pay");
    h.failOnPaid(true);
    await expect(h.payments.checkOrder(order.reference, ACTOR)).rejects.toThrow("receipt printer on fire");
    expect((await h.order(order.reference)).status).toBe("created");
    expect(await auditRows(h.db, "payment_order.check", order.reference)).toEqual([]);
  });
});
