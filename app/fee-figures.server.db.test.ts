/**
 * /fee's figures on the database (PGlite or PostgreSQL via DATABASE_URL): they come from the fee
 * book of the open admission session and its settings; the development sample writes the books of
 * the current and the admissions session, once each, also into a database seeded before the
 * second existed; saving the fee book, saving the admission settings and closing admissions each
 * bump the content version in their own transaction, so the pages kept in memory are rendered again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "~/db/test-database";
import { feeBooks, students } from "~/db/schema/fees";
import { settings } from "~/db/schema/settings";
import type { Actor } from "~/core/audit/audit.server";
import { closeAdmissions, saveSessionSettings } from "~/features/admissions/sessions.server";
import { saveBook } from "~/features/fees/ledger.server";
import { sampleFeeBook } from "~/features/fees/sample";
import { seedSampleFees } from "~/features/fees/sample.server";
import { contentVersion } from "~/features/content/store.server";
import { feeSource } from "./fee-figures.server";
import { feeFigures as feeTables } from "./fee-figures";

const OFFICE: Actor = { userId: "office-1", email: "office@test.example", ip: "10.0.0.3" };
/** 27 Nov 2026 in India: session 2026-27; admissions are for 2027-28 (content/calendar.ts). */
const NOW = new Date("2026-11-27T06:00:00Z");

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

const bookSessions = async () => (await t.db.select({ session: feeBooks.session }).from(feeBooks).orderBy(feeBooks.session)).map((r) => r.session);

describe("/fee's source", () => {
  it("has no book on a fresh database: the open session's settings and a call to the office", async () => {
    const source = await feeSource(t.db);
    expect(source.book).toBeNull();
    expect(source.admission).toMatchObject({ name: "2027-28", isOpen: true, ageCutOff: "2027-03-31" });
    expect(feeTables(source).noBook?.text).toContain("2027–28");
  });

  it("shows the newest book, saying so, while the admission session has none", async () => {
    await saveBook(t.db, sampleFeeBook("2026-27"), OFFICE);
    const tables = feeTables(await feeSource(t.db));
    expect(tables.session).toBe("2026–27");
    expect(tables.notice).toBe("Fees for session 2026–27; the 2027–28 fees will be published here.");
  });

  it("the sample data writes the admissions session's book once, also into a database seeded before it existed", async () => {
    // A development database seeded before: the first marker and the 2026-27 book are there.
    await t.db.insert(settings).values({ key: "sample_fees_seed_version", value: "1" });
    const before = await contentVersion(t.db);
    expect(await seedSampleFees(t.db, NOW)).toBe(true);
    expect(await bookSessions()).toEqual(["2026-27", "2027-28"]);
    expect(await contentVersion(t.db)).toBe(before + 1);
    expect(await t.db.select().from(students)).toHaveLength(0);
    expect(await seedSampleFees(t.db, NOW)).toBe(false);
    expect((await t.db.select().from(settings).where(like(settings.key, "sample_fee%"))).map((r) => r.key).sort()).toEqual(["sample_fee_book:2027-28", "sample_fees_seed_version"]);
    const tables = feeTables(await feeSource(t.db));
    expect(tables).toMatchObject({ session: "2027–28", notice: null });
    expect(tables.groups[0]!.heads[0]).toEqual({ name: "Tuition Fee", amount: "₹2,200", per: "a month" });
  });

  it("saving the fee book bumps the content version, and /fee's figures follow the book", async () => {
    const book = sampleFeeBook("2027-28");
    book.structures[0]!.heads[0]!.amountPaise = 2_450_00;
    const before = await contentVersion(t.db);
    await saveBook(t.db, book, OFFICE);
    expect(await contentVersion(t.db)).toBe(before + 1);
    expect(feeTables(await feeSource(t.db)).groups[0]!.heads[0]!.amount).toBe("₹2,450");
  });

  it("a fee book refused by validation writes nothing and bumps nothing", async () => {
    const before = await contentVersion(t.db);
    await expect(saveBook(t.db, { ...sampleFeeBook("2027-28"), dueDay: 40 }, OFFICE)).rejects.toThrow();
    expect(await contentVersion(t.db)).toBe(before);
  });

  it("saving the admission settings and closing admissions bump it too", async () => {
    let before = await contentVersion(t.db);
    await saveSessionSettings(t.db, { name: "2027-28", openClasses: ["Nursery"], applicationFeePaise: 800_00, ageCutOff: "2027-07-31" }, OFFICE, NOW);
    expect(await contentVersion(t.db)).toBe(before + 1);
    const tables = feeTables(await feeSource(t.db));
    expect(tables.applicationFee).toBe("₹800");
    expect(tables.cutoffLabel).toBe("31 July 2027");
    expect(tables.ages[0]).toMatchObject({ bornFrom: "2023-08-01", bornTo: "2024-07-31" });

    before = await contentVersion(t.db);
    await closeAdmissions(t.db, OFFICE, NOW);
    expect(await contentVersion(t.db)).toBe(before + 1);
    const closed = feeTables(await feeSource(t.db));
    expect(closed.applicationFee).toBeNull();
    expect(closed.session).toBe("2027–28");
    // Closing again changes nothing on the site: no bump.
    before = await contentVersion(t.db);
    await closeAdmissions(t.db, OFFICE, NOW);
    expect(await contentVersion(t.db)).toBe(before);
  });

  it("a fresh development database gets both books and the roll at once", async () => {
    await t.db.delete(settings).where(like(settings.key, "sample_fee%"));
    await t.db.delete(feeBooks).where(eq(feeBooks.session, "2027-28"));
    expect(await seedSampleFees(t.db, NOW)).toBe(true);
    expect(await bookSessions()).toEqual(["2026-27", "2027-28"]);
    expect((await t.db.select().from(students)).length).toBeGreaterThan(0);
  });
});
