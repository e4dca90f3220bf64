/**
 * ICICI Eazypay through its local test double (tests/fakes/eazypay-fake.ts) on a real database
 * (PGlite, or PostgreSQL with DATABASE_URL): the request the double accepts, signed returns
 * confirmed with EazyPGVerify, forged/tampered/wrong-amount/other-merchant returns never paid,
 * pending codes, a dropped return healed by reconciliation, EazyPGVerify unreachable, a broken
 * signature settled by EazyPGVerify but flagged, a wrong amount held for the office.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-eazypay-"));

const { getDatabase } = await import("~/db/client.server");
const { startHarness, ICICI, SITE } = await import("../testing/harness");
const { eazypayResponse } = await import("../../../../tests/fakes/eazypay-fake");
const ACTOR = (await import("~/core/audit/testing.server")).testActor();

let h: Awaited<ReturnType<typeof startHarness>>;

const response = (reference: string, code = "E000", amount = "1500.00", extra: { merchantId?: string; rs?: "good" | "bad" } = {}) =>
  eazypayResponse({ merchantId: extra.merchantId ?? ICICI.merchantId, aesKey: ICICI.aesKey, reference, code, amount }, { rs: extra.rs });

beforeAll(async () => {
  h = await startHarness((await getDatabase()).db);
});
afterAll(() => h.close());
beforeEach(() => {
  h.use("icici_eazypay");
  h.setClock(null);
  h.eazypay.setVerifyDown(false);
});

describe("Eazypay hand-off", () => {
  it("is a link to EazyPG that the test double decrypts and accepts, coming from our site", async () => {
    const order = await h.startOrder();
    const handoff = h.gateways.icici_eazypay.handoff(order);
    expect(handoff.kind).toBe("link");
    const url = handoff.kind === "link" ? handoff.url : "";
    expect(url.startsWith(`${h.eazypay.origin}/EazyPG?merchantid=${ICICI.merchantId}&mandatory%20fields=`)).toBe(true);
    const page = await fetch(url, { headers: { referer: `${SITE}/pay/${order.publicId}` } }).then((r) => r.text());
    expect(page).toContain(order.reference);
    expect(page).toContain("1500.00");
    const refused = await fetch(url, { headers: { referer: "https://elsewhere.example/" } }).then((r) => r.text());
    expect(refused).toContain("E00333");
  });
});

describe("Eazypay returns", () => {
  it("E000 with a valid RS is confirmed with EazyPGVerify before the order is paid", async () => {
    const order = await h.startOrder();
    h.eazypay.settle(order.reference, { status: "Success", amount: "1500.00" });
    const result = await h.payments.handleReturn(response(order.reference));
    expect(result?.location).toBe(`/payment-success?order=${order.publicId}`);
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", paidAmountPaise: 150_000, gatewayStatus: "Success" });
    const [event] = await h.events(order.id, "return");
    expect(event).toMatchObject({ verified: true, outcome: "paid", statusBefore: "created", statusAfter: "paid" });
    expect((event!.payload as { confirmation?: { status?: string } }).confirmation?.status).toBe("Success");
  });

  it("E000 with a valid RS but no success at EazyPGVerify is not paid: pending", async () => {
    const order = await h.startOrder();
    const result = await h.payments.handleReturn(response(order.reference));
    expect(result?.location).toBe(`/payment-pending?order=${order.publicId}`);
    expect((await h.order(order.reference)).status).toBe("pending");
  });

  it("a forged RS, or a tampered amount, never pays", async () => {
    const order = await h.startOrder();
    await h.payments.handleReturn(response(order.reference, "E000", "1500.00", { rs: "bad" }));
    const tampered = { ...response(order.reference, "E000", "1.00"), "Transaction Amount": "1500.00" };
    await h.payments.handleReturn(tampered);
    expect((await h.order(order.reference)).status).toBe("created");
    const events = await h.events(order.id, "return");
    expect(events.map((e) => [e.verified, e.outcome])).toEqual([
      [false, "rejected"],
      [false, "rejected"],
    ]);
    expect(await h.receipts(order.reference)).toBe(0);
  });

  it("a forged return with odd bytes is stored as evidence and writes nothing onto the order", async () => {
    const order = await h.startOrder();
    const forged = { ...response(order.reference, "E000", "1500.00", { rs: "bad" }), "Unique Ref Number": "FORGED\u0000ID", "Payment Mode": "<script>\u0000" };
    const result = await h.payments.handleReturn(forged);
    expect(result?.location).toBe(`/payment-pending?order=${order.publicId}`);
    expect(await h.order(order.reference)).toMatchObject({ status: "created", providerPaymentId: null, gatewayStatus: "NotInitiated", paymentMode: null });
    const [event] = await h.events(order.id, "return");
    expect(event).toMatchObject({ verified: false, outcome: "rejected" });
    expect((event!.payload as Record<string, string>)["Unique Ref Number"]).toBe("FORGEDID");
    // With EazyPGVerify down there is nothing trustworthy at all: still nothing is written.
    h.eazypay.setVerifyDown(true);
    await h.payments.handleReturn({ ...forged, "Unique Ref Number": "FORGED2", "Response Code": "E0815" });
    expect(await h.order(order.reference)).toMatchObject({ status: "created", providerPaymentId: null, gatewayStatus: "NotInitiated", paymentMode: null });
  });

  it("a return with a broken RS that EazyPGVerify confirms paid is settled as the bank says, and flagged bad_signature", async () => {
    const order = await h.startOrder();
    h.eazypay.settle(order.reference, { status: "Success", amount: "1500.00" });
    const result = await h.payments.handleReturn(response(order.reference, "E000", "1500.00", { rs: "bad" }));
    expect(result?.location).toBe(`/payment-success?order=${order.publicId}`);
    const after = await h.order(order.reference);
    expect(after).toMatchObject({ status: "paid", paidAmountPaise: 150_000, gatewayStatus: "Success", flag: "bad_signature" });
    expect(after.flagDetail).toContain("RS (SHA-512) did not verify");
    expect(after.flagDetail).toContain(order.reference);
    expect(await h.receipts(order.reference)).toBe(1);
    const [event] = await h.events(order.id, "return");
    expect(event).toMatchObject({ verified: false, outcome: "rejected", statusAfter: "paid" });
  });

  it("a wrong amount, even signed and confirmed, is flagged at once and held: not paid, not pending, and the family can pay again", async () => {
    const thing = h.thing();
    const order = await h.startOrder(thing);
    h.eazypay.settle(order.reference, { status: "Success", amount: "15.00" });
    const result = await h.payments.handleReturn(response(order.reference, "E000", "15.00"));
    expect(result?.location).toBe(`/payment-on-hold?order=${order.publicId}`);
    const after = await h.order(order.reference);
    expect(after).toMatchObject({ status: "held", flag: "amount_mismatch", paidAmountPaise: 1500 });
    expect(after.flagDetail).toBe("The gateway reports ₹15 paid; the order is for ₹1,500.");
    expect(await h.receipts(order.reference)).toBe(0);

    // Not open: a new Pay hands off a new order instead of "being confirmed".
    const again = await h.payments.start(thing);
    expect(again.kind).toBe("handoff");
    expect(again.kind === "handoff" && again.order.id).not.toBe(order.id);

    // Reconciliation keeps asking; the mismatching word never pays it, and it is never expired.
    h.setClock(new Date(Date.now() + 16 * 60_000));
    await h.payments.reconcile();
    expect(await h.order(order.reference)).toMatchObject({ status: "held", flag: "amount_mismatch", flagDetail: "The gateway reports ₹15 paid; the order is for ₹1,500." });
    h.setClock(new Date(Date.now() + 4 * 86_400_000));
    await h.payments.reconcile();
    expect((await h.order(order.reference)).status).toBe("held");

    // A later verified word for the right amount still settles it: money that arrives is recorded.
    h.setClock(null);
    h.eazypay.settle(order.reference, { status: "Success", amount: "1500.00" });
    expect((await h.payments.checkOrder(order.reference, ACTOR))?.status).toBe("paid");
    expect(await h.receipts(order.reference)).toBe(1);
  });

  it("a response for another merchant is flagged and held, not paid", async () => {
    const order = await h.startOrder();
    h.eazypay.settle(order.reference, { status: "Success", amount: "1500.00" });
    const result = await h.payments.handleReturn(response(order.reference, "E000", "1500.00", { merchantId: "999999" }));
    expect(result?.location).toBe(`/payment-on-hold?order=${order.publicId}`);
    expect(await h.order(order.reference)).toMatchObject({ status: "held", flag: "merchant_mismatch" });
  });

  it("a challan code is pending, not failed, and becomes paid when EazyPGVerify says Success", async () => {
    const order = await h.startOrder();
    const result = await h.payments.handleReturn(response(order.reference, "E00329"));
    expect(result?.location).toBe(`/payment-pending?order=${order.publicId}`);
    expect((await h.order(order.reference)).status).toBe("pending");
    h.eazypay.settle(order.reference, { status: "Transaction Initiated", amount: "1500.00" });
    await h.payments.reconcile();
    expect((await h.order(order.reference)).status).toBe("pending");
    h.eazypay.settle(order.reference, { status: "Success", amount: "1500.00" });
    h.setClock(new Date(Date.now() + 16 * 60_000));
    await h.payments.reconcile();
    expect((await h.order(order.reference)).status).toBe("paid");
    expect(await h.receipts(order.reference)).toBe(1);
  });

  it("a signed failure fails the order; a late Success from EazyPGVerify still wins", async () => {
    const order = await h.startOrder();
    const result = await h.payments.handleReturn(response(order.reference, "E0815"));
    expect(result?.location).toBe(`/payment-failure?order=${order.publicId}`);
    expect((await h.order(order.reference)).status).toBe("failed");
    h.eazypay.settle(order.reference, { status: "Success", amount: "1500.00" });
    await h.payments.checkOrder(order.reference, ACTOR);
    expect((await h.order(order.reference)).status).toBe("paid");
  });

  it("a dropped return is healed by reconciliation", async () => {
    const order = await h.startOrder();
    h.eazypay.settle(order.reference, { status: "SIP", amount: "1500.00" });
    h.pastFirstCheck();
    await h.payments.reconcile();
    expect(await h.order(order.reference)).toMatchObject({ status: "paid", gatewayStatus: "SIP" });
  });

  it("while EazyPGVerify is down a signed success waits as pending; reconciliation pays it later", async () => {
    const order = await h.startOrder();
    h.eazypay.settle(order.reference, { status: "Success", amount: "1500.00" });
    h.eazypay.setVerifyDown(true);
    const result = await h.payments.handleReturn(response(order.reference));
    expect(result?.location).toBe(`/payment-pending?order=${order.publicId}`);
    // Pending is a word from the bank: asked at the next run, however young the order.
    await h.payments.reconcile();
    expect(await h.events(order.id, "reconciliation")).toHaveLength(1);
    expect((await h.order(order.reference)).status).toBe("pending");
    h.eazypay.setVerifyDown(false);
    h.setClock(new Date(Date.now() + 16 * 60_000));
    await h.payments.reconcile();
    expect((await h.order(order.reference)).status).toBe("paid");
  });

  it("50 concurrent replays of one signed return give one paid order and one stored event", async () => {
    const order = await h.startOrder();
    h.eazypay.settle(order.reference, { status: "Success", amount: "1500.00" });
    const fields = response(order.reference);
    const other = h.service();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? other : h.payments).handleReturn(fields)));
    expect(answers.every((a) => a?.location === `/payment-success?order=${order.publicId}`)).toBe(true);
    expect(await h.events(order.id, "return")).toHaveLength(1);
    expect(await h.receipts(order.reference)).toBe(1);
    console.log(`Eazypay: 50 concurrent replays of a signed return: ${(await h.order(order.reference)).status}, ${(await h.events(order.id, "return")).length} stored event`);
  });
});
