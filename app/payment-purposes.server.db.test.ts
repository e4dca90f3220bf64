/**
 * The composed payment service issues receipts: a sample order paid through the test
 * gateway gets exactly one receipt, in the transaction that marks it paid, however often the
 * gateway's return is replayed; the success page's link leads to it.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-purposes-"));

const { getDatabase } = await import("~/db/client.server");
const { paymentOrders } = await import("~/db/schema/payments");
const { MockGateway } = await import("~/core/payments/gateways/mock.server");
const { createPaymentService } = await import("~/core/payments/service.server");
const { sampleStart } = await import("~/core/payments/sample.server");
const { receiptForOrder } = await import("~/core/receipts/issue.server");
const { paymentPurposes } = await import("./payment-purposes.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
let service: ReturnType<typeof createPaymentService>;
const mock = new MockGateway("test-auth-secret-0123456789abcdef");

beforeAll(async () => {
  db = (await getDatabase()).db;
  service = createPaymentService({ getDb: async () => db, setup: () => ({ active: "mock", gateways: { mock }, problems: [], settings: [] }), purposes: paymentPurposes, log: () => {} });
});

async function orderOf(reference: string) {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.reference, reference));
  return row!;
}

/** Starts a sample order and answers the test gateway's page; returns the order and the signed return. */
async function paidReturn(key: string, decision: "pay" | "fail" = "pay") {
  const started = await service.start(sampleStart({ amount: "two-months", key, name: "Riya Kumari" }));
  if (started.kind !== "handoff") throw new Error(started.kind);
  const handoff = mock.handoff(started.order);
  const checkout = mock.checkout(new URL(handoff.url, "http://x").searchParams)!;
  const answer = mock.decide(checkout, decision);
  if (!("returnUrl" in answer) || !answer.returnUrl) throw new Error("no return");
  return { order: started.order, fields: Object.fromEntries(new URL(answer.returnUrl, "http://x").searchParams) };
}

describe("receipts from paid orders", () => {
  it("20 concurrent replays of a paid return give one paid order and one receipt, linked from the success page", async () => {
    const { order, fields } = await paidReturn(`r-${Date.now().toString(36)}`);
    await Promise.all(Array.from({ length: 20 }, () => service.handleReturn(fields)));
    const paid = await orderOf(order.reference);
    expect(paid.status).toBe("paid");
    const receipt = await receiptForOrder(db, order.id);
    expect(receipt).toMatchObject({ totalPaise: 5_200_00, orderId: order.id, status: "issued", purpose: "Sample payment" });
    expect(receipt!.number).toMatch(/^KVA\/TEST\/\d{4}-\d{2}\/\d{6}$/);
    expect(receipt!.lines).toEqual([{ kind: "tuition", head: "Tuition Fee", period: "Two months of tuition", amountPaise: 5_200_00 }]);
    expect(receipt!.payment).toMatchObject({ mode: "Online, Test gateway", gatewayReference: paid.providerPaymentId });
    expect(receipt!.paidAt.getTime()).toBe(paid.paidAt!.getTime());
    const view = await service.view(order.publicId);
    expect(view?.links).toEqual([{ label: "Download receipt", href: `/receipts/order/${order.publicId}`, download: true }]);
  });

  it("a failed payment gets no receipt and no link", async () => {
    const { order, fields } = await paidReturn(`f-${Date.now().toString(36)}`, "fail");
    await service.handleReturn(fields);
    expect((await orderOf(order.reference)).status).toBe("failed");
    expect(await receiptForOrder(db, order.id)).toBeNull();
    expect((await service.view(order.publicId))?.links).toEqual([]);
  });
});
