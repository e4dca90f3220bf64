/**
 * Attempts on a real database (PGlite, or PostgreSQL with DATABASE_URL): every hand-off of an
 * order gives the gateway a fresh reference (Eazypay refuses a reused one with E00325, PAYMENTS.md
 * §A; Razorpay gets a new order per attempt, §B), returns and webhooks of any attempt find the
 * order, status checks ask about every attempt, an older attempt paid still settles the order
 * once, and a second paid attempt is recorded and flagged "paid twice", never given a second
 * receipt. The administrator finds the order by any attempt's reference.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-attempts-"));

const { getDatabase } = await import("~/db/client.server");
const { startHarness, ICICI, SITE } = await import("./testing/harness");
const { eazypayResponse } = await import("../../../tests/fakes/eazypay-fake");
const { orderDetailData } = await import("./admin/admin-data.server");
const { listOrders } = await import("./orders.server");
const ACTOR = (await import("~/core/audit/testing.server")).testActor();

let h: Awaited<ReturnType<typeof startHarness>>;

const response = (reference: string, code = "E000", amount = "1500.00") => eazypayResponse({ merchantId: ICICI.merchantId, aesKey: ICICI.aesKey, reference, code, amount });

/**
 * Loads /pay/{order} once (the hand-off) and follows its link to the Eazypay double as a browser
 * would, from our site. Returns the reference the bank accepted; throws with the bank's error.
 */
async function handOff(publicId: string): Promise<string> {
  const found = await h.payments.handoffFor(publicId);
  if (!found?.handoff || found.handoff.kind !== "link") throw new Error("no hand-off link");
  return openAtBank(found.handoff.url);
}

async function openAtBank(url: string): Promise<string> {
  const page = await fetch(url, { headers: { referer: `${SITE}/pay/x` } }).then((r) => r.text());
  const accepted = /data-testid="reference">([A-Z2-9]{12})</.exec(page);
  if (!accepted) throw new Error(`the bank refused the hand-off: ${/Error (E\d+)/.exec(page)?.[1] ?? page.slice(0, 200)}`);
  return accepted[1]!;
}

beforeAll(async () => {
  h = await startHarness((await getDatabase()).db);
});
afterAll(() => h.close());
beforeEach(() => {
  h.use("icici_eazypay");
  h.setClock(null);
  h.eazypay.setVerifyDown(false);
});

describe("every hand-off gets a fresh reference", () => {
  it("a reload of /pay/{order} sends the bank a new reference, which it accepts (a reused one is E00325)", async () => {
    const order = await h.startOrder();
    const first = await handOff(order.publicId);
    const second = await handOff(order.publicId);
    const third = await handOff(order.publicId);
    expect(first).toBe(order.reference);
    expect(new Set([first, second, third]).size).toBe(3);
    // The double refuses a reference sent before, as the bank does.
    const again = h.gateways.icici_eazypay.handoff({ ...order, reference: second });
    await expect(openAtBank(again.kind === "link" ? again.url : "")).rejects.toThrow("E00325");
  });

  it("a second Pay for the same thing resumes the open order with a new reference for the bank", async () => {
    const thing = h.thing();
    const first = await h.payments.start(thing);
    const firstReference = await handOff(first.kind === "handoff" ? first.order.publicId : "");
    const second = await h.payments.start(thing);
    expect(second.kind === "handoff" && second.reused).toBe(true);
    expect(second.kind === "handoff" && first.kind === "handoff" && second.order.publicId === first.order.publicId).toBe(true);
    const secondReference = await handOff(second.kind === "handoff" ? second.order.publicId : "");
    expect(secondReference).not.toBe(firstReference);
  });

  it("gives the page the order it hands off, and neither a hand-off nor an order to show once it is paid", async () => {
    const order = await h.startOrder();
    const open = await h.payments.handoffFor(order.publicId);
    expect(open?.view).toMatchObject({ publicId: order.publicId, reference: order.reference, amountPaise: order.amountPaise, status: "created", links: [] });
    const reference = await handOff(order.publicId);
    h.eazypay.settle(reference, { status: "Success", amount: "1500.00" });
    await h.payments.handleReturn(response(reference));
    const paid = await h.payments.handoffFor(order.publicId);
    expect(paid).toMatchObject({ order: { status: "paid" }, handoff: null, view: null });
  });

  it("two hand-offs at once for one order give two distinct references", async () => {
    const order = await h.startOrder();
    const references = await Promise.all(Array.from({ length: 6 }, () => handOff(order.publicId)));
    expect(new Set(references).size).toBe(6);
    const detail = await orderDetailData(h.db, order.reference, h.purposes);
    expect(detail?.attempts.map((a) => a.reference).sort()).toEqual([...references].sort());
  });
});

describe("an older attempt paid", () => {
  it("its signed return settles the order once, with one receipt, after a newer attempt was handed off", async () => {
    const order = await h.startOrder();
    const older = await handOff(order.publicId);
    const newer = await handOff(order.publicId);
    h.eazypay.settle(older, { status: "Success", amount: "1500.00" });
    const result = await h.payments.handleReturn(response(older));
    expect(result?.location).toBe(`/payment-success?order=${order.publicId}`);
    const after = await h.order(order.reference);
    expect(after).toMatchObject({ status: "paid", paidReference: older, flag: null });
    expect(await h.receipts(order.reference)).toBe(1);
    // The newer attempt's failure, arriving later, changes nothing.
    await h.payments.handleReturn(response(newer, "E0815"));
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", paidReference: older, flag: null });
    expect(await h.receipts(order.reference)).toBe(1);
  });

  it("reconciliation asks the bank about every attempt, and settles the order by the one it paid", async () => {
    const order = await h.startOrder();
    const older = await handOff(order.publicId);
    await handOff(order.publicId);
    await handOff(order.publicId);
    h.eazypay.settle(older, { status: "Success", amount: "1500.00" });
    h.pastFirstCheck();
    await h.payments.reconcile();
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", paidReference: older });
    expect(await h.receipts(order.reference)).toBe(1);
    const asked = (await h.events(order.id, "reconciliation")).map((e) => e.reference);
    expect(asked).toHaveLength(3);
    expect(new Set(asked).size).toBe(3);
  });

  it("20 concurrent replays of one signed return of the newer attempt give 1 paid order, 1 stored event and 1 receipt", async () => {
    const order = await h.startOrder();
    await handOff(order.publicId);
    const newer = await handOff(order.publicId);
    h.eazypay.settle(newer, { status: "Success", amount: "1500.00" });
    const fields = response(newer);
    const other = h.service();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? other : h.payments).handleReturn(fields)));
    expect(new Set(answers.map((a) => a?.location))).toEqual(new Set([`/payment-success?order=${order.publicId}`]));
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", paidReference: newer });
    expect(await h.events(order.id, "return")).toHaveLength(1);
    expect(await h.receipts(order.reference)).toBe(1);
  });
});

describe("two attempts both paid", () => {
  it("by their returns: one receipt, the second payment recorded on the order's events and flagged paid_twice", async () => {
    const order = await h.startOrder();
    const first = await handOff(order.publicId);
    const second = await handOff(order.publicId);
    h.eazypay.settle(first, { status: "Success", amount: "1500.00" });
    h.eazypay.settle(second, { status: "Success", amount: "1500.00", urn: "777000111222" });
    await h.payments.handleReturn(response(first));
    const answer = await h.payments.handleReturn(response(second));
    expect(answer?.location).toBe(`/payment-success?order=${order.publicId}`);
    const after = await h.order(order.reference);
    expect(after).toMatchObject({ status: "paid", paidReference: first, flag: "paid_twice" });
    expect(after.flagDetail).toContain(second);
    expect(after.flagDetail).toContain("refund one");
    expect(await h.receipts(order.reference)).toBe(1);
    const returns = await h.events(order.id, "return");
    expect(returns.map((e) => [e.reference, e.outcome, e.statusAfter])).toEqual([
      [first, "paid", "paid"],
      [second, "paid", "paid"],
    ]);
    const detail = await orderDetailData(h.db, order.reference, h.purposes);
    expect(detail?.attempts.find((a) => a.reference === second)).toMatchObject({ outcome: "paid", providerPaymentId: "777000111222" });
  });

  it("found by reconciliation: paid once, flagged paid_twice, one receipt", async () => {
    const order = await h.startOrder();
    const first = await handOff(order.publicId);
    const second = await handOff(order.publicId);
    h.eazypay.settle(first, { status: "Success", amount: "1500.00" });
    h.eazypay.settle(second, { status: "Success", amount: "1500.00" });
    h.pastFirstCheck();
    await h.payments.reconcile();
    const after = await h.order(order.reference);
    expect(after.status).toBe("paid");
    expect(after.flag).toBe("paid_twice");
    expect([first, second]).toContain(after.paidReference);
    expect(await h.receipts(order.reference)).toBe(1);
  });
});

describe("Razorpay: a new Razorpay order per attempt", () => {
  beforeEach(() => h.use("razorpay"));

  it("each hand-off posts another Razorpay order; a callback and a webhook of either attempt find the order", async () => {
    const order = await h.startOrder();
    const hand = async () => {
      const found = await h.payments.handoffFor(order.publicId);
      if (found?.handoff?.kind !== "form") throw new Error("no form");
      return Object.fromEntries(found.handoff.fields);
    };
    const first = await hand();
    const second = await hand();
    expect(first.order_id).toMatch(/^order_/);
    expect(second.order_id).toMatch(/^order_/);
    expect(second.order_id).not.toBe(first.order_id);
    expect(second["notes[reference]"]).not.toBe(first["notes[reference]"]);
    expect(h.razorpay.orders.get(second.order_id!)?.receipt).toBe(second["notes[reference]"]);

    // The parent pays on the second attempt: its callback is checked against that attempt's stored order id.
    const payment = h.razorpay.pay(second.order_id!);
    const callback = { gateway: "razorpay", reference: second["notes[reference]"]!, ...h.razorpay.callback(second.order_id!, payment.id) };
    expect((await h.payments.handleReturn(callback))?.location).toBe(`/payment-success?order=${order.publicId}`);
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", paidReference: second["notes[reference]"], providerPaymentId: payment.id });

    // A payment on the first attempt too, told by webhook: recorded and flagged, no second receipt.
    const late = h.razorpay.pay(first.order_id!);
    const { body, headers } = h.razorpay.webhook("payment.captured", late.id);
    expect((await h.payments.handleWebhook("razorpay", Buffer.from(body), { "x-razorpay-signature": headers["x-razorpay-signature"], "x-razorpay-event-id": headers["x-razorpay-event-id"] })).status).toBe(200);
    const after = await h.order(order.reference);
    expect(after).toMatchObject({ status: "paid", paidReference: second["notes[reference]"], providerPaymentId: payment.id, flag: "paid_twice" });
    expect(await h.receipts(order.reference)).toBe(1);
  });
});

describe("the administrator finds an order by any attempt's reference", () => {
  it("the order page and the search", async () => {
    const order = await h.startOrder();
    await handOff(order.publicId);
    const later = await handOff(order.publicId);
    const detail = await orderDetailData(h.db, later, h.purposes);
    expect(detail?.reference).toBe(order.reference);
    expect(detail?.attempts.map((a) => a.reference)).toEqual([order.reference, later]);
    const { rows } = await listOrders(h.db, { q: later.toLowerCase() }, { number: 1, size: 10 });
    expect(rows.map((r) => r.reference)).toEqual([order.reference]);
    const checked = await h.payments.checkOrder(later, ACTOR);
    expect(checked?.id).toBe(order.id);
  });
});
