/**
 * Admission applications on the database, on PGlite and on PostgreSQL
 * (scripts/ci/with-postgres.sh): 100 concurrent submissions take 100 distinct consecutive
 * numbers; a failed fee payment then a retry through a new order gives one paid application
 * and one receipt; a fee paid twice is recorded and flagged for a refund; the documents route is
 * the administrator's only; the status lookup is throttled with one generic answer; the workflow
 * refuses moves it does not allow and calls the roll hook on admission.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInWithCode } from "../../../tests/support/two-factor";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-admissions-"));
const run = Date.now().toString(36);
const ADMIN = { email: `admin-${run}@admissions.example`, password: "admin-password-123" };
const VIEWER = { email: `viewer-${run}@admissions.example`, password: "viewer-password-123" };
process.env.ADMIN_EMAIL = ADMIN.email;

const { getDatabase } = await import("~/db/client.server");
const { applicationDocuments, applications, applicationStatusHistory } = await import("~/db/schema/admissions");
const { paymentOrders } = await import("~/db/schema/payments");
const { receipts } = await import("~/db/schema/receipts");
const { MockGateway } = await import("~/core/payments/gateways/mock.server");
const { createPaymentService } = await import("~/core/payments/service.server");
const { ensureAdminAccount } = await import("~/features/auth/admin-account.server");
const { signInWithPassword } = await import("~/features/auth/session.server");
const { createApplication, applicationByPublicId, applicationNumberSql, lookupApplication, moveApplication, MAX_LOOKUP_FAILURES_PER_IP } = await import("~/features/admissions/applications.server");
const { applicationNumberPrefix } = await import("./numbering");
const { saveSessionSettings } = await import("~/features/admissions/sessions.server");
const { submitApplication } = await import("~/features/admissions/submit.server");
const { paymentPurposes } = await import("~/payment-purposes.server");
const { onAdmitted } = await import("./roll.server");
const { students } = await import("~/db/schema/fees");
const { applicationFeeStart, applicationPayment } = await import("./payment.server");
const documentRoute = await import("~/routes/admin/application-document");
const { auditRows, byActor, testActor } = await import("~/core/audit/testing.server");
const ACTOR = testActor(ADMIN.email);

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
const mock = new MockGateway("test-auth-secret-0123456789abcdef");
let service: ReturnType<typeof createPaymentService>;

/** A whole 2 × 2 PNG (the site decodes pictures: a damaged one is refused). */
const PNG = new Uint8Array(Buffer.from("89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000000970485973000003e8000003e801b57b526b" + "0000001249444154089963b0ca5b6a95b7940142010022ce0535855e83c30000000049454e44ae426082", "hex"));

/** A valid /apply form for a Class 1 child old enough on 31 March 2027. */
function form(overrides: Record<string, string | File | null> = {}): FormData {
  const f = new FormData();
  const values: Record<string, string | File | null> = {
    childName: "Ananya Roy", dateOfBirth: "2020-05-10", gender: "Girl", classApplied: "Class 1", nationality: "Indian", motherTongue: "Bengali", category: "General",
    fatherName: "Subrata Roy", mobile: "9876543210", address: "12 Station Road, Malancha", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes",
    photo: new File([PNG], "photo.png", { type: "image/png" }), birthCertificateLater: "yes",
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) if (v !== null) f.append(k, v);
  return f;
}

const input = {
  childName: "Ananya Roy", dateOfBirth: "2020-05-10", gender: "Girl", classApplied: "Class 1", nationality: "Indian", motherTongue: "Bengali", category: "General",
  fatherName: "Subrata Roy", mobile: "9876543210", address: "12 Station Road", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes",
  photo: new File([PNG], "photo.png"), birthCertificateLater: "yes",
} as const;

let sessionRow: Awaited<ReturnType<typeof saveSessionSettings>>;
/** A session of its own (each run has a fresh database; the name only has to differ from the other test's). */
const SETTINGS = { name: "2041-42", openClasses: ["Nursery", "LKG", "UKG", "Class 1", "Class 2"], applicationFeePaise: 500_00, ageCutOff: "2027-03-31" };

beforeAll(async () => {
  db = (await getDatabase()).db;
  service = createPaymentService({ getDb: async () => db, setup: () => ({ active: "mock", gateways: { mock }, problems: [], settings: [] }), purposes: paymentPurposes, log: () => {} });
  sessionRow = await saveSessionSettings(db, SETTINGS, ACTOR);
  await ensureAdminAccount(ADMIN);
  await ensureAdminAccount(VIEWER);
});
afterAll(async () => {
  await (await getDatabase()).close();
});

describe("numbers", () => {
  it("100 concurrent submissions get 100 distinct consecutive numbers", async () => {
    const fresh = await saveSessionSettings(db, { ...SETTINGS, name: "2042-43" }, ACTOR);
    const stored = await Promise.all(Array.from({ length: 100 }, () => createApplication(db, fresh, input, [])));
    const sequences = stored.map((a) => a.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(stored.map((a) => a.number)).size).toBe(100);
    expect(stored.map((a) => a.number)).toContain(`KVA/ADM/${fresh.name}/0100`);
    expect(new Set(stored.map((a) => a.publicId)).size).toBe(100);
    expect(stored.every((a) => /^[A-Za-z0-9_-]{22}$/.test(a.publicId))).toBe(true);
    sessionRow = await saveSessionSettings(db, SETTINGS, ACTOR);
  });

  it("stores the row, its documents and the first history line together, numbered with at least four digits", async () => {
    const at = new Date("2026-11-28T04:30:00Z");
    const docs = [
      { kind: "photo" as const, storedName: `${run}-photo.jpg`, originalName: "IMG_1.jpg", contentType: "image/jpeg", sizeBytes: 2_000_000 },
      { kind: "birth_certificate" as const, storedName: `${run}-bc.pdf`, originalName: "bc.pdf", contentType: "application/pdf", sizeBytes: 150_000 },
    ];
    const stored = await createApplication(db, sessionRow, input, docs, at);
    expect(stored).toMatchObject({ status: "payment_pending", feePaise: sessionRow.applicationFeePaise, sessionName: sessionRow.name, number: `${applicationNumberPrefix(sessionRow.name)}${String(stored.sequence).padStart(4, "0")}` });
    expect(stored.createdAt.toISOString()).toBe(at.toISOString());
    const rows = await db.select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, stored.id));
    expect(rows.map(({ kind, storedName, originalName, contentType, sizeBytes }) => ({ kind, storedName, originalName, contentType, sizeBytes })).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([docs[1], docs[0]]);
    expect(rows.every((r) => r.createdAt.toISOString() === at.toISOString())).toBe(true);
    const history = await db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, stored.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: "payment_pending", note: "Form received; the application fee is due.", byWhom: "parent" }]);
    const numbers: string[] = [];
    for (const sequence of [1, 42, 9999, 10000, 123456]) {
      const result = await db.execute(sql`select ${applicationNumberSql(sessionRow.name, sql`${sequence}::int`)} as number`);
      numbers.push((result as unknown as { rows: { number: string }[] }).rows[0]!.number);
    }
    expect(numbers).toEqual(["0001", "0042", "9999", "10000", "123456"].map((digits) => `KVA/ADM/${sessionRow.name}/${digits}`));
  });

  it("a rolled-back submission gives its number back (no gap)", async () => {
    const first = await createApplication(db, sessionRow, input, []);
    await expect(createApplication(db, sessionRow, input, [{ kind: "photo", storedName: "x".repeat(5), originalName: "a", contentType: "image/png", sizeBytes: 1 }, { kind: "photo", storedName: "y", originalName: "b", contentType: "image/png", sizeBytes: 1 }])).rejects.toThrow();
    const next = await createApplication(db, sessionRow, input, []);
    expect(next.sequence).toBe(first.sequence + 1);
  });
});

describe("the form on the server", () => {
  it("refuses a too-young child with the class that fits, and a renamed program as the birth certificate", async () => {
    const young = await submitApplication(form({ dateOfBirth: "2021-06-15" }), sessionRow, db);
    expect(young.kind).toBe("invalid");
    expect(young.kind === "invalid" && young.result.error?.dateOfBirth?.[0]).toContain("UKG fits this age");
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], "birth-certificate.pdf", { type: "application/pdf" });
    const renamed = await submitApplication(form({ birthCertificate: exe, birthCertificateLater: null }), sessionRow, db);
    expect(renamed.kind === "invalid" && renamed.result.error?.birthCertificate).toEqual(["The birth certificate is not a JPEG, PNG or PDF file (its content was checked)"]);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await submitApplication(form({ photo: new File([big], "photo.png", { type: "image/png" }) }), sessionRow, db);
    expect(tooBig.kind === "invalid" && tooBig.result.error?.photo).toEqual(["The child's photograph is larger than 2 MB: attach a smaller file"]);
    // Values typed are sent back (files are not).
    expect(young.kind === "invalid" && young.result.initialValue).toMatchObject({ childName: "Ananya Roy", pinCode: "721301" });
  });

  it("stores a valid form with its photo and no birth certificate yet (RTE §14)", async () => {
    const ok = await submitApplication(form(), sessionRow, db);
    expect(ok.kind).toBe("stored");
    if (ok.kind !== "stored") return;
    expect(ok.application).toMatchObject({ status: "payment_pending", feePaise: 500_00, birthCertificateLater: true, classApplied: "Class 1" });
  });
});

/** Answers the test gateway's page for a started order with `decision`, and returns to the site. */
async function answer(started: Awaited<ReturnType<typeof service.start>>, decision: "pay" | "fail") {
  if (started.kind !== "handoff") throw new Error(started.kind);
  const checkout = mock.checkout(new URL(mock.handoff(started.order).url, "http://x").searchParams)!;
  const reply = mock.decide(checkout, decision);
  if (!("returnUrl" in reply) || !reply.returnUrl) throw new Error("no return");
  await service.handleReturn(Object.fromEntries(new URL(reply.returnUrl, "http://x").searchParams));
  return started.order;
}

describe("the application fee", () => {
  it("a failed payment then a retry through a new order gives one paid application and one receipt", async () => {
    const stored = await submitApplication(form(), sessionRow, db);
    if (stored.kind !== "stored") throw new Error(stored.kind);
    const app = stored.application;
    const failed = await answer(await service.start(applicationFeeStart(app)), "fail");
    expect((await applicationByPublicId(db, app.publicId))!.status).toBe("payment_pending");
    expect(await applicationPayment(db, app.publicId)).toBeNull();

    const retry = await service.start(applicationFeeStart((await applicationByPublicId(db, app.publicId))!));
    expect(retry.kind === "handoff" && retry.order.publicId).not.toBe(failed.publicId);
    const paid = await answer(retry, "pay");

    const after = (await applicationByPublicId(db, app.publicId))!;
    expect(after.status).toBe("submitted");
    expect(after.submittedAt).not.toBeNull();
    const orders = await db.select().from(paymentOrders).where(eq(paymentOrders.payableKey, `application:${app.publicId}`));
    expect(orders.map((o) => o.status).sort()).toEqual(["failed", "paid"]);
    const issued = await db.select().from(receipts).where(eq(receipts.orderId, paid.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ purpose: "Application fee", totalPaise: 500_00 });
    expect(issued[0]!.number).toMatch(/^KVA\/APP\/\d{4}-\d{2}\/\d{6}$/);
    expect(issued[0]!.student).toMatchObject({ applicationNumber: app.number, mobile: "9876543210", name: "Ananya Roy", className: "Class 1" });
    const failedReceipts = await db.select().from(receipts).where(eq(receipts.orderId, failed.id));
    expect(failedReceipts).toHaveLength(0);
    const history = await db.select().from(applicationStatusHistory).where(and(eq(applicationStatusHistory.toStatus, "submitted")));
    expect(history.filter((h) => h.note?.includes(paid.reference))).toHaveLength(1);
    // Paid: nothing more is due, and the success page links the receipt and the acknowledgement.
    expect((await service.start(applicationFeeStart(after))).kind).toBe("already_paid");
    expect((await service.view(paid.publicId))?.links.map((l) => l.label)).toEqual(["Download receipt", "View acknowledgement"]);
  });
});

describe("the application fee paid twice", () => {
  it("a superseded order paid late, after the retry was paid, is recorded with its receipt and flagged paid_twice", async () => {
    const stored = await submitApplication(form(), sessionRow, db);
    if (stored.kind !== "stored") throw new Error(stored.kind);
    const app = stored.application;
    const first = await service.start(applicationFeeStart(app));
    if (first.kind !== "handoff") throw new Error(first.kind);
    // 21 minutes later the parent presses Pay again: the test gateway has no payment for the first order, so a new one replaces it.
    const later = createPaymentService({ getDb: async () => db, setup: () => ({ active: "mock", gateways: { mock }, problems: [], settings: [] }), purposes: paymentPurposes, log: () => {}, now: () => new Date(Date.now() + 21 * 60_000) });
    const second = await later.start(applicationFeeStart(app));
    expect(second.kind === "handoff" && second.order.id).not.toBe(first.order.id);
    await answer(second, "pay");
    // Then the first order's payment arrives after all: the money is recorded, and the office is told to refund one.
    await answer(first, "pay");

    const [a, b] = await Promise.all([first, second].map(async (s) => (await db.select().from(paymentOrders).where(eq(paymentOrders.id, s.kind === "handoff" ? s.order.id : 0)))[0]!));
    expect(b).toMatchObject({ status: "paid", flag: null });
    expect(a).toMatchObject({ status: "paid", flag: "paid_twice" });
    expect(a!.flagDetail).toContain(app.number);
    expect(a!.flagDetail).toContain(b!.reference);
    expect((await applicationByPublicId(db, app.publicId))!.status).toBe("submitted");
    expect(await db.select().from(receipts).where(eq(receipts.orderId, a!.id))).toHaveLength(1);
    const history = await db.select().from(applicationStatusHistory).where(and(eq(applicationStatusHistory.applicationId, app.id), eq(applicationStatusHistory.toStatus, "submitted")));
    expect(history).toHaveLength(1);
  });
});

describe("workflow", () => {
  it("moves submitted → under review → admitted with notes, calls the roll hook once, and refuses other moves", async () => {
    const stored = await submitApplication(form(), sessionRow, db);
    if (stored.kind !== "stored") throw new Error(stored.kind);
    const id = stored.application.publicId;
    const admitted: string[] = [];
    const hook = async (_tx: unknown, a: { number: string }) => void admitted.push(a.number);
    expect(await moveApplication(db, { publicId: id, to: "under_review", note: null, actor: ACTOR }, hook)).toMatchObject({ ok: false });
    await db.update(applications).set({ status: "submitted" }).where(eq(applications.publicId, id));
    expect(await moveApplication(db, { publicId: id, to: "under_review", note: "Interaction on Monday", actor: ACTOR }, hook)).toMatchObject({ ok: true });
    expect(await moveApplication(db, { publicId: id, to: "admitted", note: "Seat offered", actor: ACTOR }, hook)).toMatchObject({ ok: true });
    expect(admitted).toEqual([stored.application.number]);
    expect(await moveApplication(db, { publicId: id, to: "rejected", note: null, actor: ACTOR }, hook)).toMatchObject({ ok: false });
    const rows = await db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, stored.application.id)).orderBy(applicationStatusHistory.id);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.note, r.byWhom])).toEqual([
      [null, "payment_pending", "Form received; the application fee is due.", "parent"],
      ["submitted", "under_review", "Interaction on Monday", ADMIN.email],
      ["under_review", "admitted", "Seat offered", ADMIN.email],
    ]);
  });

  it("admitting adds the child to the fees roll with the next admission number, named in the step's note", async () => {
    const stored = await submitApplication(form(), sessionRow, db);
    if (stored.kind !== "stored") throw new Error(stored.kind);
    await db.update(applications).set({ status: "under_review" }).where(eq(applications.publicId, stored.application.publicId));
    expect(await moveApplication(db, { publicId: stored.application.publicId, to: "admitted", note: "Seat offered", actor: ACTOR }, onAdmitted)).toMatchObject({ ok: true });
    const [step] = await db.select().from(applicationStatusHistory).where(and(eq(applicationStatusHistory.applicationId, stored.application.id), eq(applicationStatusHistory.toStatus, "admitted")));
    const admissionNumber = /Added to the roll as (\S+);/.exec(step!.note ?? "")?.[1];
    expect(step!.note).toMatch(/^Seat offered — Added to the roll as \d{4}\/\d{4}; fees from [A-Z][a-z]+ \d{4}\.$/);
    const [student] = await db.select().from(students).where(eq(students.admissionNumber, admissionNumber!));
    expect(student).toMatchObject({ name: stored.application.childName, dateOfBirth: stored.application.dateOfBirth, className: stored.application.classApplied, mobile: stored.application.mobile });
    // The decision and the joining are both on the audit log, by who admitted the child.
    expect(await auditRows(db, "application.status", stored.application.number)).toEqual([expect.objectContaining({ ...byActor(ACTOR), before: { status: "under_review", note: null }, after: { status: "admitted", note: step!.note } })]);
    expect(await auditRows(db, "student.join", admissionNumber)).toEqual([expect.objectContaining({ ...byActor(ACTOR), after: expect.objectContaining({ name: stored.application.childName, application: stored.application.number }) })]);
  });

  it("a hook that throws rolls the admission back", async () => {
    const stored = await submitApplication(form(), sessionRow, db);
    if (stored.kind !== "stored") throw new Error(stored.kind);
    await db.update(applications).set({ status: "under_review" }).where(eq(applications.publicId, stored.application.publicId));
    await expect(moveApplication(db, { publicId: stored.application.publicId, to: "admitted", note: null, actor: ACTOR }, async () => { throw new Error("roll"); })).rejects.toThrow("roll");
    expect((await applicationByPublicId(db, stored.application.publicId))!.status).toBe("under_review");
    // Nor is it on the audit log.
    expect(await auditRows(db, "application.status", stored.application.number)).toEqual([]);
  });
});

describe("status lookup", () => {
  it("finds by number and mobile, answers one way for any miss, and throttles per IP", async () => {
    const stored = await submitApplication(form(), sessionRow, db);
    if (stored.kind !== "stored") throw new Error(stored.kind);
    const ip = `198.51.100.${Date.now() % 200}`;
    const found = await lookupApplication(db, { number: stored.application.number.toLowerCase(), mobile: "9876543210" }, ip);
    expect(found.kind === "found" && found.application.publicId).toBe(stored.application.publicId);
    expect((await lookupApplication(db, { number: stored.application.number, mobile: "9000000000" }, ip)).kind).toBe("not_found");
    expect((await lookupApplication(db, { number: "KVA/ADM/1999-00/0001", mobile: "9876543210" }, ip)).kind).toBe("not_found");
    for (let i = 2; i < MAX_LOOKUP_FAILURES_PER_IP; i++) expect((await lookupApplication(db, { number: `nope-${i}`, mobile: "9876543210" }, ip)).kind).toBe("not_found");
    expect((await lookupApplication(db, { number: stored.application.number, mobile: "9876543210" }, ip)).kind).toBe("throttled");
  });
});

describe("documents are the administrator's only", () => {
  const ORIGIN = "http://localhost:3000";
  async function cookieOf(account: { email: string; password: string }) {
    const result = await signInWithPassword({ ...account, ip: "203.0.113.60", request: new Request(`${ORIGIN}/admin/login`, { method: "POST" }) });
    if (!result.ok) throw new Error("sign-in failed");
    return result.headers.getSetCookie().find((c) => c.includes("session_token="))!.split(";")[0]!;
  }
  async function get(publicId: string, cookie?: string): Promise<{ status: number; location?: string | null; type?: string | null }> {
    const request = new Request(`${ORIGIN}/admin/applications/${publicId}/documents/photo`, { headers: cookie ? { cookie } : {} });
    try {
      const r = (await documentRoute.loader({ request, params: { applicationId: publicId, kind: "photo" }, context: { cspNonce: "", clientIp: "127.0.0.1" } } as never)) as Response;
      return { status: r.status, type: r.headers.get("content-type") };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      const init = (thrown as { init?: { status?: number } }).init;
      return { status: init?.status ?? 0 };
    }
  }
  it("anonymous → sign in; a USER → 403; the ADMIN gets the picture's normalised copy", async () => {
    const stored = await submitApplication(form(), sessionRow, db);
    if (stored.kind !== "stored") throw new Error(stored.kind);
    const id = stored.application.publicId;
    expect(await get(id)).toMatchObject({ status: 302, location: expect.stringContaining("/admin/login") });
    expect((await get(id, await cookieOf(VIEWER))).status).toBe(403);
    expect(await get(id, await signedInWithCode(ADMIN))).toEqual({ status: 200, type: "image/jpeg" });
  });
});
