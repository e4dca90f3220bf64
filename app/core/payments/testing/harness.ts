/**
 * Database tests of the payment core: the three gateways wired to local test doubles
 * (tests/fakes), a clock the test moves, a purpose handler that writes a "receipt" row in the
 * paying transaction, and helpers to read what was stored. Test-only.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentEvents, paymentOrders, type PaymentProvider } from "~/db/schema/payments";
import { settings } from "~/db/schema/settings";
import { startEazypayFake, type EazypayFake } from "../../../../tests/fakes/eazypay-fake";
import { startRazorpayFake, type RazorpayFake } from "../../../../tests/fakes/razorpay-fake";
import { EazypayGateway } from "../gateways/eazypay.server";
import { MockGateway } from "../gateways/mock.server";
import { RazorpayGateway } from "../gateways/razorpay.server";
import type { PaymentOrder } from "../orders.server";
import type { PaymentPurposes } from "../purposes";
import { createPaymentService, FIRST_CHECK_AFTER_MS, type StartInput } from "../service.server";
import type { PaymentSetup } from "../settings.server";

/** Ports of the test doubles during database tests: free ones the system picks, so test runs side by side never collide. */
export const FAKE_PORTS = { eazypay: 0, razorpay: 0 } as const;
export const SITE = "http://localhost:3000";
export const ICICI = { merchantId: "136082", aesKey: "K8v2Qz7Lm4Tp9Xw1", subMerchantId: "45" };
export const RAZORPAY = { keyId: "rzp_test_fake1234", keySecret: "fake-key-secret-0123456789", webhookSecret: "fake-webhook-secret-0123" };

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** The "receipt" a paid order's handler writes: a settings row keyed by the order's reference. */
export const receiptKey = (reference: string) => `test-receipt:${reference}`;

export async function startHarness(db: Database) {
  const eazypay: EazypayFake = await startEazypayFake({ port: FAKE_PORTS.eazypay, ...ICICI, returnUrl: `${SITE}/student-payment` });
  const razorpay: RazorpayFake = await startRazorpayFake({ port: FAKE_PORTS.razorpay, ...RAZORPAY });
  const gateways = {
    mock: new MockGateway("harness-auth-secret-0123456789abcdef"),
    icici_eazypay: new EazypayGateway({
      merchantId: ICICI.merchantId,
      aesKey: ICICI.aesKey,
      subMerchantIds: { tuition: "45", bus: "46", application_fee: "47", sample: "45", family_fees: "45" },
      mandatoryTemplate: "{reference}|{sub_merchant_id}|{amount}",
      optionalTemplate: "",
      urlEncoding: "percent",
      baseUrl: eazypay.origin,
      returnUrl: `${SITE}/student-payment`,
      timeoutMs: 2000,
    }),
    razorpay: new RazorpayGateway({ ...RAZORPAY, apiUrl: razorpay.origin, returnUrl: `${SITE}/student-payment`, merchantName: "Test School", timeoutMs: 2000 }),
  };
  let active: PaymentProvider = "mock";
  let clock: Date | null = null;
  /** When set, the handler throws (a receipt that cannot be issued). */
  let failOnPaid = false;
  const logs: string[] = [];

  const purposes: PaymentPurposes = {
    tuition: {
      async onPaid(tx, order) {
        if (failOnPaid) throw new Error("receipt printer on fire");
        await tx.insert(settings).values({ key: receiptKey(order.reference), value: order.status });
      },
      async links(_db, order) {
        return [{ label: "Download receipt", href: `/receipt/${order.reference}` }];
      },
    },
  };
  const setup = (): PaymentSetup => ({ active, gateways, problems: [], settings: [] });
  /** A payment service, as one server process would have it (its own in-process state); other purpose handlers when given. */
  const service = (handlers: PaymentPurposes = purposes) => createPaymentService({ getDb: async () => db, setup, purposes: handlers, now: () => clock ?? new Date(), log: (l) => logs.push(l) });
  const payments = service();

  let n = 0;
  /** A fresh thing owed and a quote for it (tuition, ₹1,500 unless given). */
  function thing(amountPaise = 150_000, purpose: StartInput["purpose"] = "tuition"): StartInput {
    const key = `test:${Date.now().toString(36)}:${n++}`;
    return {
      purpose,
      payableKey: key,
      payer: { name: "Test Parent", email: "parent@example.com", phone: "9876543210" },
      async quote(tx) {
        const [paid] = await tx.select().from(paymentOrders).where(and(eq(paymentOrders.payableKey, key), eq(paymentOrders.status, "paid")));
        return paid ? null : { description: `Tuition for ${key}`, lines: [{ label: "Tuition Fee, April 2027", amountPaise }] };
      },
    };
  }

  async function startOrder(input = thing()): Promise<PaymentOrder> {
    const result = await payments.start(input);
    if (result.kind !== "handoff") throw new Error(`expected a hand-off, got ${result.kind}`);
    return result.order;
  }

  return {
    db,
    eazypay,
    razorpay,
    gateways,
    payments,
    purposes,
    service,
    logs,
    thing,
    startOrder,
    use(provider: PaymentProvider) {
      active = provider;
    },
    setClock(at: Date | null) {
      clock = at;
    },
    /** Moves the clock past the age at which reconciliation first asks about an order nobody has heard of. */
    pastFirstCheck() {
      clock = new Date(Date.now() + FIRST_CHECK_AFTER_MS + 60_000);
    },
    failOnPaid(fail: boolean) {
      failOnPaid = fail;
    },
    async order(reference: string): Promise<PaymentOrder> {
      const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.reference, reference));
      return row!;
    },
    async events(orderId: number, kind?: string) {
      const rows = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(paymentEvents.id);
      return kind ? rows.filter((r) => r.kind === kind) : rows;
    },
    async receipts(reference: string): Promise<number> {
      const rows = await db.execute(sql`SELECT count(*)::int AS n FROM settings WHERE key = ${receiptKey(reference)}`);
      return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
    },
    async close() {
      await eazypay.close();
      await razorpay.close();
    },
  };
}
