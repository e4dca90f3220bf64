/**
 * The fee page's "Pay", straight into the route action on a real database (PGlite, or
 * PostgreSQL with DATABASE_URL) with the test gateway: the months are priced once, inside the
 * order's transaction, against the total the parent saw. The total seen makes one order for it
 * (a second click gets the same order); a stale total makes no order, keeps no due it posted
 * and shows the total now; a refused choice says why and makes no order. A child admitted for
 * next session pays its first month, admission fee included, now.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-fee-page-"));

const { getDatabase } = await import("~/db/client.server");
const { feeLedger, students } = await import("~/db/schema/fees");
const { paymentOrders } = await import("~/db/schema/payments");
const { saveBook } = await import("~/features/fees/ledger.server");
const { sampleFeeBook } = await import("~/features/fees/sample");
const { studentToken } = await import("~/features/fees/parent.server");
const { feePayableKey } = await import("~/features/fees/payment.server");
const { getConfig } = await import("~/lib/config.server");
const { kolkataDate, sessionOf } = await import("~/lib/dates");
const { testActor } = await import("~/core/audit/testing.server");
const { action } = await import("./fee-payment");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
type PageResult = { kind: string; message?: string | null; totalPaise?: number | null };
let db: Db;
const SESSION = sessionOf(kolkataDate(new Date()));

beforeAll(async () => {
  db = (await getDatabase()).db;
  await saveBook(db, sampleFeeBook(SESSION), testActor());
});

let n = 0;
/** A new student of Class 4 (joining `joinedSession`, by default on the roll from before) and the fee page's token for them. */
async function student(joinedSession: string | null = null) {
  n++;
  const [row] = await db
    .insert(students)
    .values({ admissionNumber: `FEEPAGE/${n}`, name: "Riya Kumari", className: "Class 4", section: "A", dateOfBirth: "2016-01-01", fatherName: "Suresh Kumar", motherName: null, mobile: `98000${String(n).padStart(5, "0")}`, email: null, busStop: null, concessions: [], joinedSession, joinedMonth: null })
    .returning({ id: students.id });
  return { id: row!.id, token: studentToken(getConfig().receiptSecret, row!.id) };
}

/** Posts the /fees form; returns the page's result, or the redirect's location for a thrown 303. */
async function post(fields: [string, string][]): Promise<{ result?: PageResult; status: number; location?: string }> {
  const request = new Request("http://localhost/fees", { method: "POST", body: new URLSearchParams(fields) });
  try {
    const answer = (await action({ request, params: {}, context: { cspNonce: "", clientIp: "127.0.0.1" } } as never)) as { data: PageResult; init?: { status?: number } };
    return { result: answer.data, status: answer.init?.status ?? 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") ?? undefined };
    throw thrown;
  }
}

const months = (list: string[]) => list.map((m): [string, string] => ["month", m]);
const ordersOf = (id: number) => db.select().from(paymentOrders).where(eq(paymentOrders.payableKey, feePayableKey(id, SESSION)));
const ledgerRows = async (id: number) => (await db.select().from(feeLedger).where(eq(feeLedger.studentId, id))).length;
const firstMonth = `${SESSION.slice(0, 4)}-04`;

describe("/fees Pay", () => {
  it("makes one order for the total the parent saw; a second click gets the same order", async () => {
    const s = await student();
    const seen = await post([["intent", "total"], ["token", s.token], ...months([firstMonth])]);
    expect(seen.result?.kind).toBe("account");
    const total = seen.result!.totalPaise!;
    expect(total).toBeGreaterThan(0);
    // "See the total" keeps nothing.
    expect(await ledgerRows(s.id)).toBe(0);

    const paid = await post([["intent", "pay"], ["token", s.token], ["seenTotal", String(total)], ...months([firstMonth])]);
    expect(paid.status).toBe(303);
    const [order] = await ordersOf(s.id);
    expect(order).toMatchObject({ amountPaise: total, status: "created" });
    expect(paid.location).toBe(`/pay/${order!.publicId}`);

    const again = await post([["intent", "pay"], ["token", s.token], ["seenTotal", String(total)], ...months([firstMonth])]);
    expect(again.location).toBe(paid.location);
    expect(await ordersOf(s.id)).toHaveLength(1);
  });

  it("a stale total makes no order, keeps none of the dues it priced, and shows the total now", async () => {
    const s = await student();
    const seen = await post([["intent", "total"], ["token", s.token], ...months([firstMonth])]);
    const total = seen.result!.totalPaise!;
    for (const stale of [String(total - 100), "", "not a number"]) {
      const paid = await post([["intent", "pay"], ["token", s.token], ["seenTotal", stale], ...months([firstMonth])]);
      expect(paid.status).toBe(200);
      expect(paid.result).toMatchObject({ kind: "account", message: "The total changed with your choice: check it and pay again.", totalPaise: total });
    }
    expect(await ordersOf(s.id)).toHaveLength(0);
    expect(await ledgerRows(s.id)).toBe(0);
  });

  it("a choice with a gap is refused with its reason and makes no order", async () => {
    const s = await student();
    const later = `${SESSION.slice(0, 4)}-06`;
    const paid = await post([["intent", "pay"], ["token", s.token], ["seenTotal", "100"], ...months([later])]);
    expect(paid.status).toBe(200);
    expect(paid.result?.kind).toBe("account");
    expect(paid.result?.message).toBeTruthy();
    expect(paid.result?.message).not.toBe("The total changed with your choice: check it and pay again.");
    expect(paid.result?.totalPaise).toBeNull();
    expect(await ordersOf(s.id)).toHaveLength(0);
  });

  it("a child admitted for next session sees that session's months and pays the first, admission fee included, now", async () => {
    const next = sessionOf(`${Number(SESSION.slice(0, 4)) + 1}-04-01`);
    await saveBook(db, sampleFeeBook(next), testActor());
    const s = await student(next);
    const april = `${next.slice(0, 4)}-04`;
    const seen = await post([["intent", "total"], ["token", s.token], ...months([april])]);
    const account = (seen.result as unknown as { account: { session: string; months: { month: string; status: string; heads: string }[] } }).account;
    expect(account.session).toBe(next);
    expect(account.months[0]).toMatchObject({ month: april, status: "upcoming" });
    const book = sampleFeeBook(next);
    const admissionFee = book.structures.find((st) => st.classes.includes("Class 4"))!.heads.find((h) => h.period === "one_time")!.amountPaise;
    expect(seen.result!.totalPaise).toBeGreaterThan(admissionFee);
    const paid = await post([["intent", "pay"], ["token", s.token], ["seenTotal", String(seen.result!.totalPaise)], ...months([april])]);
    expect(paid.status).toBe(303);
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.payableKey, feePayableKey(s.id, next)));
    expect(order).toMatchObject({ amountPaise: seen.result!.totalPaise, status: "created" });
    expect(order!.lines.some((l) => l.label.startsWith("Admission Fee"))).toBe(true);
    // Nothing of this session is asked of them.
    expect(await ordersOf(s.id)).toHaveLength(0);
  });
});
