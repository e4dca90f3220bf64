/**
 * Admitting a child gives the parent what completes the admission: the admission number on the
 * status page and in the "Admitted" e-mail and SMS, and the first fees with their due date, from
 * the session's fee book (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-admitted-"));

const { getDatabase } = await import("~/db/client.server");
const { applications } = await import("~/db/schema/admissions");
const { messages } = await import("~/db/schema/messages");
const { applicationByPublicId, createApplication, moveApplication } = await import("~/features/admissions/applications.server");
const { applicationStatusFacts } = await import("~/features/admissions/payment.server");
const { applicationSchema } = await import("~/features/admissions/schema");
const { saveSessionSettings } = await import("~/features/admissions/sessions.server");
const { saveBook } = await import("~/features/fees/ledger.server");
const { sampleFeeBook } = await import("~/features/fees/sample");
const { testActor } = await import("~/core/audit/testing.server");
const { admitWithFees } = await import("./admitted.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
const ACTOR = testActor("office@admitted.example");

beforeAll(async () => {
  db = (await getDatabase()).db;
});

describe("admitWithFees", () => {
  it("tells the parent the admission number and the first fees, and the status page shows the number", async () => {
    const session = await saveSessionSettings(db, { name: "2048-49", openClasses: ["Class 1"], applicationFeePaise: 500_00, ageCutOff: "2049-03-31" }, ACTOR);
    await saveBook(db, sampleFeeBook("2048-49"), ACTOR);
    const input = applicationSchema({ openClasses: ["Class 1"], cutOff: "2049-03-31" }).parse({
      childName: "Mitali Ghosh", dateOfBirth: "2042-05-10", gender: "Girl", classApplied: "Class 1", nationality: "Indian", motherTongue: "Bengali", category: "General",
      motherName: "Rina Ghosh", mobile: "9876500123", email: "rina@example.com", address: "4 Golebazar", city: "Kharagpur", state: "West Bengal", pinCode: "721301", consent: "yes",
      photo: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "photo.png", { type: "image/png" }), birthCertificateLater: "yes",
    });
    const stored = await createApplication(db, session, input, []);
    await db.update(applications).set({ status: "under_review" }).where(eq(applications.id, stored.id));
    const admitted = (tx: Parameters<typeof admitWithFees>[0], a: Parameters<typeof admitWithFees>[1], actor: Parameters<typeof admitWithFees>[2]) => admitWithFees(tx, a, actor, new Date("2047-11-26T06:00:00Z"));
    expect(await moveApplication(db, { publicId: stored.publicId, to: "admitted", note: null, actor: ACTOR }, admitted)).toMatchObject({ ok: true });

    const application = (await applicationByPublicId(db, stored.publicId))!;
    expect(application.admissionNumber).toMatch(/^2048\/\d{4}$/);
    const facts = await applicationStatusFacts(db, application);
    expect(facts.admissionNumber).toBe(application.admissionNumber);

    const sent = await db.select().from(messages).where(and(eq(messages.kind, "application_status"), like(messages.idempotencyKey, `%${stored.publicId}%`)));
    const mail = sent.find((m) => m.channel === "email")!;
    const sms = sent.find((m) => m.channel === "sms")!;
    const text = mail.bodyText.replace(/\s+/g, " ");
    expect(text).toContain(`The admission number is ${application.admissionNumber}.`);
    expect(text).toMatch(/The first fees, ₹[\d,]+, fall due on \d{1,2} Apr 2048: .*Tuition Fee \(April 2048\) ₹[\d,]+/);
    expect(text).toContain("admission guidelines");
    expect(sms.smsVariables).toMatchObject({ status: `Admitted, adm. no. ${application.admissionNumber}` });
  });
});
