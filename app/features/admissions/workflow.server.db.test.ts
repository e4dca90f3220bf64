/**
 * The administrator's workflow posts on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): a decision is only asked by the first post and made by the confirming one,
 * Cancel keeps the note, the note is recorded once, and a repeated or stale post changes nothing.
 * Each move is audited once, by who made it; a question or a refusal is not. Admission settings
 * saved or closed are audited per session.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-workflow-"));

const { getDatabase } = await import("~/db/client.server");
const { applications, applicationStatusHistory } = await import("~/db/schema/admissions");
const { applicationByPublicId, createApplication } = await import("./applications.server");
const { applicationSchema } = await import("./schema");
const { saveSessionSettings } = await import("./sessions.server");
const { workflowStep } = await import("./workflow.server");
const { closeAdmissions, openSession } = await import("./sessions.server");
const { auditRows, byActor, testActor } = await import("~/core/audit/testing.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
let session: Awaited<ReturnType<typeof saveSessionSettings>>;
const ADMIN = testActor("office@workflow.example");
const admitted: string[] = [];
const onAdmitted = async (_tx: unknown, a: { number: string }) => {
  admitted.push(a.number);
  return "Added to the roll as 2043/0001.";
};

beforeAll(async () => {
  db = (await getDatabase()).db;
  session = await saveSessionSettings(db, { name: "2043-44", openClasses: ["Class 1"], applicationFeePaise: 500_00, ageCutOff: "2044-03-31" }, ADMIN);
});

/** A stored application of Riya Kumari for Class 1, moved to `status`. */
async function application(status: "submitted" | "under_review") {
  const input = applicationSchema({ openClasses: ["Class 1"], cutOff: "2044-03-31" }).parse({
    childName: "Riya Kumari", dateOfBirth: "2037-05-10", gender: "Girl", classApplied: "Class 1", nationality: "Indian", motherTongue: "Hindi", category: "General",
    motherName: "Sunita Devi", mobile: "9876543210", address: "4 Golebazar", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes",
    photo: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "photo.png", { type: "image/png" }), birthCertificateLater: "yes",
  });
  const stored = await createApplication(db, session, input, []);
  await db.update(applications).set({ status }).where(eq(applications.id, stored.id));
  return stored;
}

const historyOf = async (id: number) =>
  (await db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, id)).orderBy(applicationStatusHistory.id)).map((h) => [h.toStatus, h.note]);

describe("workflowStep", () => {
  it("asks before admitting, acts on the confirmation only, and records the note once", async () => {
    const a = await application("under_review");
    const before = await historyOf(a.id);

    const asked = await workflowStep(db, a.publicId, { to: "admitted", note: "Seat offered", message: "Please bring the transfer certificate.", step: "ask", from: "under_review" }, ADMIN, onAdmitted);
    expect(asked).toEqual({ kind: "confirm", to: "admitted", note: "Seat offered", message: "Please bring the transfer certificate.", from: "under_review", question: "Admit Riya Kumari to Class 1 for 2043-44? This adds her to the roll." });
    expect((await applicationByPublicId(db, a.publicId))!.status).toBe("under_review");
    expect(await historyOf(a.id)).toEqual(before);
    expect(admitted).not.toContain(a.number);

    expect(await workflowStep(db, a.publicId, { to: "admitted", note: "Seat offered", message: "Please bring the transfer certificate.", step: "cancel", from: "under_review" }, ADMIN, onAdmitted)).toEqual({ kind: "draft", note: "Seat offered", message: "Please bring the transfer certificate." });
    expect((await applicationByPublicId(db, a.publicId))!.status).toBe("under_review");

    const confirm = { to: "admitted", note: "Seat offered", step: "confirm", from: "under_review" } as const;
    expect(await workflowStep(db, a.publicId, confirm, ADMIN, onAdmitted)).toEqual({ kind: "moved" });
    expect((await applicationByPublicId(db, a.publicId))!.status).toBe("admitted");
    // The same confirmation posted again (a double click, a resent form) changes nothing.
    expect(await workflowStep(db, a.publicId, confirm, ADMIN, onAdmitted)).toMatchObject({ kind: "refused", status: 409 });
    expect(await historyOf(a.id)).toEqual([...before, ["admitted", "Seat offered — Added to the roll as 2043/0001."]]);
    expect(admitted.filter((n) => n === a.number)).toHaveLength(1);
    // One audit row: the question, the cancel and the refused repeat change nothing.
    expect(await auditRows(db, "application.status", a.number)).toEqual([
      expect.objectContaining({ ...byActor(ADMIN), entity: "application", before: { status: "under_review", note: null }, after: { status: "admitted", note: "Seat offered — Added to the roll as 2043/0001." } }),
    ]);
  });

  it("asks before waitlisting and rejecting, with what follows", async () => {
    const a = await application("under_review");
    expect(await workflowStep(db, a.publicId, { to: "waitlisted", step: "ask" }, ADMIN, onAdmitted)).toMatchObject({
      kind: "confirm",
      question: "Waitlist Riya Kumari for Class 1 in 2043-44? You can still admit or reject her later.",
    });
    expect(await workflowStep(db, a.publicId, { to: "rejected", step: "ask" }, ADMIN, onAdmitted)).toMatchObject({
      kind: "confirm",
      question: "Reject Riya Kumari's application for Class 1 in 2043-44? This decision is final.",
    });
    expect((await applicationByPublicId(db, a.publicId))!.status).toBe("under_review");
    expect(await workflowStep(db, a.publicId, { to: "rejected", step: "confirm", from: "under_review" }, ADMIN, onAdmitted)).toEqual({ kind: "moved" });
    expect((await applicationByPublicId(db, a.publicId))!.status).toBe("rejected");
  });

  it("starts a review at once, and refuses a decision confirmed from a page that is out of date", async () => {
    const a = await application("submitted");
    expect(await workflowStep(db, a.publicId, { to: "under_review", note: "Interaction on Monday", step: "ask", from: "submitted" }, ADMIN, onAdmitted)).toEqual({ kind: "moved" });
    expect((await historyOf(a.id)).at(-1)).toEqual(["under_review", "Interaction on Monday"]);
    // Someone waitlisted it meanwhile; a confirmation prepared on the under-review page is refused.
    expect(await workflowStep(db, a.publicId, { to: "waitlisted", step: "confirm", from: "under_review" }, ADMIN, onAdmitted)).toEqual({ kind: "moved" });
    expect(await workflowStep(db, a.publicId, { to: "rejected", step: "confirm", from: "under_review" }, ADMIN, onAdmitted)).toMatchObject({ kind: "refused", status: 409 });
    expect((await applicationByPublicId(db, a.publicId))!.status).toBe("waitlisted");
    // A decision the workflow does not allow is refused before it is asked.
    expect(await workflowStep(db, a.publicId, { to: "under_review", step: "ask", from: "waitlisted" }, ADMIN, onAdmitted)).toMatchObject({ kind: "refused", status: 409 });
    expect((await auditRows(db, "application.status", a.number)).map((r) => [r.before, r.after])).toEqual([
      [{ status: "submitted", note: null }, { status: "under_review", note: "Interaction on Monday" }],
      [{ status: "under_review" }, { status: "waitlisted" }],
    ]);
  });
});

describe("admission settings", () => {
  it("are audited per session as they change; saved unchanged, or rolled back, they leave no row", async () => {
    const before = (await auditRows(db, "settings.admissions")).length;
    const principal = testActor("principal@workflow.example");
    const settings = { name: "2043-44", openClasses: ["Class 1", "Class 2"], applicationFeePaise: 600_00, ageCutOff: "2044-03-31" };
    await saveSessionSettings(db, settings, principal);
    await saveSessionSettings(db, settings, principal);
    await expect(
      db.transaction(async (tx) => {
        await saveSessionSettings(tx, { ...settings, applicationFeePaise: 700_00 }, principal);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await openSession(db))!.applicationFeePaise).toBe(600_00);
    // A new session opens and the old one closes: a row each. (A session no other file uses:
    // the files share CI's PostgreSQL database.)
    await saveSessionSettings(db, { ...settings, name: "2048-49", ageCutOff: "2049-03-31" }, principal);
    await closeAdmissions(db, principal);
    const rows = (await auditRows(db, "settings.admissions")).slice(before);
    expect(rows.map((r) => [r.entityId, r.before, r.after])).toEqual([
      ["admissions 2043-44", { openClasses: ["Class 1"], applicationFeePaise: 500_00 }, { openClasses: ["Class 1", "Class 2"], applicationFeePaise: 600_00 }],
      ["admissions 2043-44", { isOpen: true }, { isOpen: false }],
      ["admissions 2048-49", null, { isOpen: true, openClasses: ["Class 1", "Class 2"], applicationFeePaise: 600_00, ageCutOff: "2049-03-31" }],
      ["admissions 2048-49", { isOpen: true }, { isOpen: false }],
    ]);
    expect(rows.every((r) => r.actorEmail === principal.email && r.entity === "settings")).toBe(true);
    // Reopen 2043-44 for the tests that follow in other files sharing this database.
    await saveSessionSettings(db, { name: "2043-44", openClasses: ["Class 1"], applicationFeePaise: 500_00, ageCutOff: "2044-03-31" }, principal);
  });
});

describe("the applications search", () => {
  it("finds an application by its mobile however typed: +91, spaces, a leading 0", async () => {
    const { listApplications } = await import("./applications.server");
    const a = await application("submitted");
    for (const q of ["9876543210", "+91 98765 43210", "+919876543210", "098765-43210", "43210"]) {
      expect((await listApplications(db, { q })).rows.map((r) => r.id), q).toContain(a.id);
    }
    expect((await listApplications(db, { q: "+91 91111 11111" })).rows.map((r) => r.id)).not.toContain(a.id);
  });
});
