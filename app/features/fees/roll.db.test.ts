/**
 * The roll and the reports on the database: an import is all or nothing; the parent's
 * look-up gives one answer for any mismatch and is throttled per IP; defaulters and collections
 * come from the ledger. Imports, edits and the fee book are audited in their own transactions.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-fees-roll-"));

const { getDatabase } = await import("~/db/client.server");
const { checkRoster, ROSTER_COLUMNS } = await import("~/core/students/roster");
const { importStudents, findStudentForParent, studentByAdmissionNumber, updateStudent, MAX_FAILURES_PER_IP } = await import("~/core/students/roll.server");
const { auditRows, byActor, testActor } = await import("~/core/audit/testing.server");
const { saveBook, bookFor, recordPayment, quoteMonths } = await import("./ledger.server");
const { sampleFeeBook } = await import("./sample");
const { bookAuditFields } = await import("./book");
const { lateFee, schedule } = await import("./schedule");
const { collections, collectionsCsv, defaulters, statementPdf } = await import("./reports.server");
const { accountsOn } = await import("./ledger.server");
const { statementRows } = await import("./statement");
const { pdfText } = await import("../../../tests/support/pdf");
const { formatRupees } = await import("~/lib/money");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
const known = { busStops: ["R1"], concessions: ["SIBLING"] };
const ACTOR = testActor();
const row = (n: string, extra = "") => `RT/${n},Child ${n},2015-06-14,Class 5,A,,,90000001${n},,${extra},`;

beforeAll(async () => {
  db = (await getDatabase()).db;
  await saveBook(db, sampleFeeBook("2030-31"), ACTOR);
});

describe("the roll", () => {
  it("imports a file whole, or nothing when one admission number is already on the roll", async () => {
    const first = checkRoster([ROSTER_COLUMNS.join(","), row("01", ",,"), row("02", "R1,SIBLING,")].join("\n"), known);
    expect(first.problems).toEqual([]);
    const imports = (await auditRows(db, "student.import")).length;
    expect(await importStudents(db, first.rows, ACTOR)).toEqual({ kind: "imported", count: 2 });
    const second = checkRoster([ROSTER_COLUMNS.join(","), row("03", ",,"), row("01", ",,")].join("\n"), known);
    const result = await importStudents(db, second.rows, ACTOR);
    expect(result).toMatchObject({ kind: "rejected", problems: [{ admissionNumber: "RT/01" }] });
    expect(await studentByAdmissionNumber(db, "RT/03")).toBeNull();
    // The import is one audit row naming who and which admission numbers; the rejected file none.
    const audited = (await auditRows(db, "student.import")).slice(imports);
    expect(audited).toEqual([expect.objectContaining({ ...byActor(ACTOR), entity: "student", entityId: null, before: null, after: { students: 2, admissionNumbers: ["RT/01", "RT/02"] } })]);
  });

  it("an edit is audited with the fields that changed; an unchanged save, a clash or a rolled back edit leaves no row", async () => {
    // Another prefix than RT/: the reports below count the RT/ students.
    const roster = checkRoster([ROSTER_COLUMNS.join(","), row("11", "R1,,").replace("RT/", "ED/")].join("\n"), known);
    await importStudents(db, roster.rows, ACTOR);
    const student = (await studentByAdmissionNumber(db, "ED/11"))!;
    const input = roster.rows[0]!;
    const clerk = testActor("admissions@school.test");
    expect(await updateStudent(db, student.id, { ...input, section: "B", busStop: null }, clerk)).toBe("updated");
    expect(await auditRows(db, "student.update", "ED/11")).toEqual([expect.objectContaining({ ...byActor(clerk), before: { section: "A", busStop: "R1" }, after: { section: "B", busStop: null } })]);
    // Saved again as it is, or onto another student's number, or undone by its transaction: no new row.
    expect(await updateStudent(db, student.id, { ...input, section: "B", busStop: null }, clerk)).toBe("updated");
    expect(await updateStudent(db, student.id, { ...input, admissionNumber: "RT/01" }, clerk)).toBe("duplicate");
    await expect(
      db.transaction(async (tx) => {
        await updateStudent(tx, student.id, { ...input, name: "Renamed Child" }, clerk);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await studentByAdmissionNumber(db, "ED/11"))!.name).toBe(student.name);
    expect(await auditRows(db, "student.update", "ED/11")).toHaveLength(1);
  });

  it("the fee book's audit names the lines that changed; a rolled back save leaves none", async () => {
    const book = sampleFeeBook("2031-32");
    await saveBook(db, book, ACTOR);
    const [created] = await auditRows(db, "fee_book.update", "2031-32");
    expect(created).toMatchObject({ ...byActor(ACTOR), entity: "fee_book", before: null });
    expect(created!.after).toMatchObject({ session: "2031-32", "due day": book.dueDay });
    const group = book.structures[0]!;
    const head = group.heads[0]!;
    const line = `fee: ${group.classes.join(", ")} / ${head.name}`;
    const raised = { ...book, structures: [{ ...group, heads: [{ ...head, amountPaise: head.amountPaise + 100_00 }, ...group.heads.slice(1)] }, ...book.structures.slice(1)] };
    await expect(
      db.transaction(async (tx) => {
        await saveBook(tx, raised, ACTOR);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await auditRows(db, "fee_book.update", "2031-32")).toHaveLength(1);
    const accountant = testActor("accountant@school.test");
    await saveBook(db, raised, accountant);
    await saveBook(db, raised, accountant);
    const rows = await auditRows(db, "fee_book.update", "2031-32");
    expect(rows).toHaveLength(2);
    // Only the head whose amount changed, as the office reads it.
    expect(rows[1]).toMatchObject({ ...byActor(accountant), before: { [line]: bookAuditFields(book)[line] }, after: { [line]: bookAuditFields(raised)[line] } });
    expect(Object.keys(rows[1]!.after as object)).toEqual([line]);
    expect(bookAuditFields(raised)[line]).toMatch(/^₹[\d,]+ /);
  });

  it("the roll's search finds a student by a parent's name or the mobile however typed, as well as by name and admission number", async () => {
    const { listStudents } = await import("~/core/students/roll.server");
    const roster = checkRoster([ROSTER_COLUMNS.join(","), `SR/01,Rupa Sen,2015-06-14,Class 5,A,Bikash Sen,Mitali Sen,9876512345,,,,,`].join("\n"), known);
    expect(roster.problems).toEqual([]);
    await importStudents(db, roster.rows, ACTOR);
    const found = async (q: string) => (await listStudents(db, { q })).map((s) => s.admissionNumber).filter((a) => a.startsWith("SR/"));
    for (const q of ["Rupa", "sr/01", "Bikash", "mitali sen", "+91 98765 12345", "098765-12345", "12345"]) expect(await found(q), q).toEqual(["SR/01"]);
    expect(await found("Sen_")).toEqual([]);
  });

  it(`finds a student only with both details, one answer otherwise, and throttles an IP after ${MAX_FAILURES_PER_IP} misses`, async () => {
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
  it("defaulters owe each overdue month with its late fee to date; a payment takes them off; collections add up by mode", async () => {
    const today = "2030-06-20";
    const before = (await defaulters(db, "2030-31", today)).filter((d) => d.admissionNumber.startsWith("RT/"));
    const book = (await bookFor(db, "2030-31"))!;
    const s1 = (await studentByAdmissionNumber(db, "RT/01"))!;
    const overdue = schedule(book, s1, "tuition").filter((m) => m.dueDate < today);
    const expected = overdue.reduce((s, m) => s + m.items.reduce((t, i) => t + i.amountPaise - i.concessionPaise, 0) + lateFee(book.lateFee, m.dueDate, today), 0);
    expect(overdue.some((m) => lateFee(book.lateFee, m.dueDate, today) > 0)).toBe(true);
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

  it("a student just imported with months overdue owes the same on the statement before and after Defaulters is opened, its rows dated by due date", async () => {
    const roster = checkRoster([ROSTER_COLUMNS.join(","), row("21", ",,").replace("RT/", "ST/")].join("\n"), known);
    await importStudents(db, roster.rows, ACTOR);
    const student = (await studentByAdmissionNumber(db, "ST/21"))!;
    const today = "2030-09-20";
    const now = new Date("2030-09-20T06:00:00Z");
    const [first] = await accountsOn(db, "2030-31", today, [student.id]);
    expect(first!.ledger).toEqual([]);
    const rows = statementRows(first!.ledger, { tuition: first!.tuition, bus: first!.bus }, today);
    const book = (await bookFor(db, "2030-31"))!;
    const dueDates = schedule(book, student, "tuition").filter((m) => m.month <= "2030-09").map((m) => m.dueDate);
    expect([...new Set(rows.filter((r) => r.text.startsWith("Due:")).map((r) => r.date))]).toEqual(dueDates);
    expect(rows.at(-1)!.balancePaise).toBe(first!.standing.owedNowPaise);
    expect(first!.standing.overduePaise).toBeGreaterThan(0);
    const flat = (t: string) => t.replace(/\s+/g, " ");
    const before = flat(await pdfText(await statementPdf(db, student, "2030-31", now)));
    expect(before).toContain(formatRupees(first!.standing.owedNowPaise));
    const listed = (await defaulters(db, "2030-31", today)).find((d) => d.studentId === student.id);
    expect(listed?.balancePaise).toBe(first!.standing.overduePaise);
    expect(flat(await pdfText(await statementPdf(db, student, "2030-31", now)))).toBe(before);
  });

  it("lists defaulters in class order (Nursery first, Class 4 before Class 11), not alphabetically", async () => {
    const ordered = (n: string, className: string) => `ORD/${n},Pupil ${n},2014-06-14,${className},A,,,91000001${n}0,,,,,`;
    const roster = checkRoster([ROSTER_COLUMNS.join(","), ordered("1", "Class 11"), ordered("2", "Class 4"), ordered("3", "Nursery")].join("\n"), known);
    expect(roster.problems).toEqual([]);
    await importStudents(db, roster.rows, ACTOR);
    const list = (await defaulters(db, "2030-31", "2030-06-20")).filter((d) => d.admissionNumber.startsWith("ORD/"));
    expect(list.map((d) => d.className)).toEqual(["Nursery A", "Class 4 A", "Class 11 A"]);
  });
});
