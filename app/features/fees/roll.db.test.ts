/**
 * The roll and the reports on the database: an import is all or nothing; the parent's
 * look-up gives one answer for any mismatch and is throttled per IP; defaulters and collections
 * come from the ledger.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-fees-roll-"));

const { getDatabase } = await import("~/db/client.server");
const { checkRoster, ROSTER_COLUMNS } = await import("~/core/students/roster");
const { importStudents, findStudentForParent, studentByAdmissionNumber, MAX_FAILURES_PER_IP } = await import("~/core/students/roll.server");
const { saveBook, bookFor, recordPayment, quoteMonths } = await import("./ledger.server");
const { sampleFeeBook } = await import("./sample");
const { schedule } = await import("./schedule");
const { collections, collectionsCsv, defaulters } = await import("./reports.server");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
const known = { busStops: ["R1"], concessions: ["SIBLING"] };
const row = (n: string, extra = "") => `RT/${n},Child ${n},2015-06-14,Class 5,A,,,90000001${n},,${extra},`;

beforeAll(async () => {
  db = (await getDatabase()).db;
  await saveBook(db, sampleFeeBook("2030-31"), "test");
});

describe("the roll", () => {
  it("imports a file whole, or nothing when one admission number is already on the roll", async () => {
    const first = checkRoster([ROSTER_COLUMNS.join(","), row("01", ",,"), row("02", "R1,SIBLING,")].join("\n"), known);
    expect(first.problems).toEqual([]);
    expect(await importStudents(db, first.rows)).toEqual({ kind: "imported", count: 2 });
    const second = checkRoster([ROSTER_COLUMNS.join(","), row("03", ",,"), row("01", ",,")].join("\n"), known);
    const result = await importStudents(db, second.rows);
    expect(result).toMatchObject({ kind: "rejected", problems: [{ admissionNumber: "RT/01" }] });
    expect(await studentByAdmissionNumber(db, "RT/03")).toBeNull();
  });

  it("finds a student only with both details, one answer otherwise, and throttles an IP after 5 misses", async () => {
    const at = new Date("2030-05-01T10:00:00Z");
    expect((await findStudentForParent(db, { admissionNumber: "rt/01", dateOfBirth: "2015-06-14" }, "10.0.0.1", at)).kind).toBe("found");
    expect(await findStudentForParent(db, { admissionNumber: "RT/01", dateOfBirth: "2015-06-15" }, "10.0.0.1", at)).toEqual({ kind: "not_found" });
    expect(await findStudentForParent(db, { admissionNumber: "RT/99", dateOfBirth: "2015-06-14" }, "10.0.0.1", at)).toEqual({ kind: "not_found" });
    for (let i = 2; i < MAX_FAILURES_PER_IP; i++) await findStudentForParent(db, { admissionNumber: `X${i}`, dateOfBirth: "2015-06-14" }, "10.0.0.1", at);
    expect(await findStudentForParent(db, { admissionNumber: "RT/01", dateOfBirth: "2015-06-14" }, "10.0.0.1", at)).toEqual({ kind: "throttled" });
    expect((await findStudentForParent(db, { admissionNumber: "RT/01", dateOfBirth: "2015-06-14" }, "10.0.0.2", at)).kind).toBe("found");
  });
});

describe("reports", () => {
  it("defaulters owe what the ledger says; a payment takes them off; collections add up by mode", async () => {
    const today = "2030-06-20";
    const before = (await defaulters(db, "2030-31", today)).filter((d) => d.admissionNumber.startsWith("RT/"));
    const book = (await bookFor(db, "2030-31"))!;
    const s1 = (await studentByAdmissionNumber(db, "RT/01"))!;
    const expected = schedule(book, s1, "tuition").filter((m) => m.dueDate < today).reduce((s, m) => s + m.items.reduce((t, i) => t + i.amountPaise - i.concessionPaise, 0), 0);
    expect(before.find((d) => d.admissionNumber === "RT/01")?.balancePaise).toBe(expected);
    expect(before.map((d) => d.admissionNumber).sort()).toEqual(["RT/01", "RT/02"]);

    const paidAt = new Date("2030-06-20T06:00:00Z");
    await db.transaction(async (tx) => {
      const quote = await quoteMonths(tx, s1.id, "2030-31", "tuition", ["2030-04", "2030-05", "2030-06"], today);
      if (!quote.ok) throw new Error(quote.problem.message);
      await recordPayment(tx, { studentId: s1.id, session: "2030-31", purpose: "tuition", lines: quote.lines, mode: "cash", paidAt });
    });
    const after = (await defaulters(db, "2030-31", today)).filter((d) => d.admissionNumber.startsWith("RT/"));
    expect(after.map((d) => d.admissionNumber)).toEqual(["RT/02"]);

    const report = await collections(db, "2030-06-20", "2030-06-20");
    expect(report.payments).toBe(1);
    expect(report.rows.every((r) => r.mode === "Cash" && r.className === "Class 5" && r.day === "2030-06-20")).toBe(true);
    expect(report.totalPaise).toBe(report.rows.reduce((s, r) => s + r.amountPaise, 0));
    expect(collectionsCsv(report).trim().split("\r\n").at(-1)).toBe(`Total,,,,1,${(report.totalPaise / 100).toFixed(2)}`);
    expect((await collections(db, "2030-06-21", "2030-06-30")).totalPaise).toBe(0);
  });

  it("lists defaulters in class order (Nursery first, Class 4 before Class 11), not alphabetically", async () => {
    const ordered = (n: string, className: string) => `ORD/${n},Pupil ${n},2014-06-14,${className},A,,,91000001${n}0,,,,,`;
    const roster = checkRoster([ROSTER_COLUMNS.join(","), ordered("1", "Class 11"), ordered("2", "Class 4"), ordered("3", "Nursery")].join("\n"), known);
    expect(roster.problems).toEqual([]);
    await importStudents(db, roster.rows);
    const list = (await defaulters(db, "2030-31", "2030-06-20")).filter((d) => d.admissionNumber.startsWith("ORD/"));
    expect(list.map((d) => d.className)).toEqual(["Nursery A", "Class 4 A", "Class 11 A"]);
  });
});
