/**
 * The family selection of fee reminders (family.ts): siblings by a mobile written many ways,
 * owed months without the paid ones and without those an open order pays, the lines and late
 * fee as the online quote prices them, and the reminder cadence (7 and 2 days before; the 1st,
 * 8th and 15th day overdue; one a family a day).
 */
import { describe, expect, it } from "vitest";
import { familyDuesOf, monthsBeingPaid, OVERDUE_DAYS, reminderFor, siblingsOf, type FamilyInput, type RollStudent } from "./family";
import { familyLineRef, familyPayableKey, feePayableKey } from "./keys";
import { sampleFeeBook } from "./sample";
import { LATE_FEE_HEAD, schedule, type FeePurpose, type LabelledEntry } from "./schedule";

const SESSION = "2026-27";
const book = sampleFeeBook(SESSION);
const student = (id: number, name: string, mobile: string, extra: Partial<RollStudent> = {}): RollStudent => ({
  id, name, className: "Class 4", section: "B", mobile, email: null, busStop: null, concessions: [], joinedSession: null, joinedMonth: null, ...extra,
});
const arjun = student(1, "Arjun Mahato", "+91 90000-00022", { busStop: "R1", email: "mahato@example.com" });
const priya = student(2, "Priya Mahato", "090000 00022", { className: "Class 1", section: "A" });
const other = student(3, "Riya Kumari", "9000000021");
const roll = [other, priya, arjun];

/** Ledger lines of `months` of a student's fee paid in full (dues, concessions and payments). */
function paid(s: RollStudent, purpose: FeePurpose, months: string[]): (LabelledEntry & { purpose: FeePurpose })[] {
  return schedule(book, s, purpose)
    .filter((m) => months.includes(m.month))
    .flatMap((m) =>
      m.items.flatMap((i) => [
        { purpose, kind: "due" as const, month: m.month, head: i.head, periodLabel: i.periodLabel, amountPaise: i.amountPaise },
        ...(i.concessionPaise > 0 ? [{ purpose, kind: "concession" as const, month: m.month, head: i.head, periodLabel: i.periodLabel, amountPaise: i.concessionPaise }] : []),
        { purpose, kind: "payment" as const, month: m.month, head: i.head, periodLabel: i.periodLabel, amountPaise: i.amountPaise - i.concessionPaise },
      ]),
    );
}

const input = (over: Partial<FamilyInput> = {}): FamilyInput => ({ mobile: "9000000022", roll, book, ledgers: new Map(), covered: new Set(), today: "2026-04-10", withinDays: 0, ...over });
const months = (dues: ReturnType<typeof familyDuesOf>, id: number, purpose: FeePurpose) => dues!.children.find((c) => c.studentId === id)!.fees.find((f) => f.purpose === purpose)?.months.map((m) => m.month) ?? [];

describe("siblingsOf", () => {
  it("finds the siblings of a mobile however either side is written, and nobody for an invalid number", () => {
    expect(siblingsOf(roll, "9000000022").map((s) => s.id)).toEqual([1, 2]);
    expect(siblingsOf(roll, "+91 (90000) 00022").map((s) => s.id)).toEqual([1, 2]);
    expect(siblingsOf(roll, "9000000021").map((s) => s.id)).toEqual([3]);
    expect(siblingsOf(roll, "12345")).toEqual([]);
  });
});

describe("familyDuesOf", () => {
  it("lists each sibling's owed months of school and bus with masked names, lines adding up to the totals", () => {
    const dues = familyDuesOf(input({ today: "2026-05-20" }))!;
    expect(dues.mobile).toBe("9000000022");
    expect(dues.email).toBe("mahato@example.com");
    expect(dues.children.map((c) => [c.name, c.className])).toEqual([["A**** M*****", "Class 4 B"], ["P**** M*****", "Class 1 A"]]);
    expect(months(dues, 1, "tuition")).toEqual(["2026-04", "2026-05"]);
    expect(months(dues, 1, "bus")).toEqual(["2026-04", "2026-05"]);
    // Priya has no bus stop: no bus fee at all.
    expect(dues.children[1]!.fees.map((f) => f.purpose)).toEqual(["tuition"]);
    const april = dues.children[0]!.fees[0]!.months[0]!;
    expect(april.status).toBe("overdue");
    expect(april.lines.map((l) => l.head)).toEqual(["Tuition Fee", "Computer Fee", "Annual Charges"]);
    expect(april.lateFeePaise).toBe(book.lateFee.capPaise);
    expect(april.totalPaise).toBe(april.lines.reduce((s, l) => s + l.amountPaise, 0) + april.lateFeePaise);
    for (const c of dues.children) expect(c.totalPaise).toBe(c.fees.reduce((s, f) => s + f.months.reduce((t, m) => t + m.totalPaise, 0), 0));
    expect(dues.totalPaise).toBe(dues.children.reduce((s, c) => s + c.totalPaise, 0));
    expect(dues.lateFeeRule).toMatch(/^a late fee of ₹[\d,]+ once a month is past its due date$/);
  });

  it("leaves out months already paid, and months an open order pays (marking that fee in progress)", () => {
    const ledgers = new Map([[1, paid(arjun, "tuition", ["2026-04"])]]);
    const covered = monthsBeingPaid([
      { purpose: "bus", payableKey: feePayableKey(1, SESSION), lines: [{ ref: "2026-04|Bus Fee" }] },
      { purpose: "family_fees", payableKey: familyPayableKey("9000000099", SESSION), lines: [{ ref: familyLineRef({ studentId: 2, purpose: "tuition", month: "2026-04", head: "Tuition Fee" }) }] },
    ]);
    const dues = familyDuesOf(input({ today: "2026-05-20", ledgers, covered }))!;
    expect(months(dues, 1, "tuition")).toEqual(["2026-05"]);
    expect(months(dues, 1, "bus")).toEqual(["2026-05"]);
    expect(dues.children[0]!.fees.map((f) => [f.purpose, f.inProgress])).toEqual([["tuition", false], ["bus", true]]);
    expect(months(dues, 2, "tuition")).toEqual(["2026-05"]);
    // The family's own open order does not hide its months from its page (paying again supersedes it).
    const own = monthsBeingPaid([{ purpose: "family_fees", payableKey: familyPayableKey("9000000022", SESSION), lines: [{ ref: familyLineRef({ studentId: 2, purpose: "tuition", month: "2026-04", head: "Tuition Fee" }) }] }], familyPayableKey("9000000022", SESSION));
    expect(own.size).toBe(0);
  });

  it("counts a month falling due within the given days, and no late fee before the due date", () => {
    expect(months(familyDuesOf(input({ today: "2026-04-10" })), 2, "tuition")).toEqual(["2026-04"]);
    const ahead = familyDuesOf(input({ today: "2026-05-01", ledgers: new Map([[2, paid(priya, "tuition", ["2026-04"])]]), withinDays: 0 }))!;
    expect(months(ahead, 2, "tuition")).toEqual(["2026-05"]);
    expect(ahead.children[1]!.fees[0]!.months[0]!.lateFeePaise).toBe(0);
    // 30 April: May is upcoming; within 15 days it is owed.
    const early = { ledgers: new Map([[2, paid(priya, "tuition", ["2026-04"])]]), today: "2026-04-30" };
    expect(months(familyDuesOf(input({ ...early, withinDays: 0 })), 2, "tuition")).toEqual([]);
    expect(months(familyDuesOf(input({ ...early, withinDays: 15 })), 2, "tuition")).toEqual(["2026-05"]);
  });

  it("is null for a mobile nobody on the roll has", () => {
    expect(familyDuesOf(input({ mobile: "9000000077" }))).toBeNull();
  });
});

describe("reminderFor", () => {
  const plan = { daysBefore: [7, 2] };
  /** Everything of Arjun and Priya paid up to `through`, so only the next month is owed. */
  const upTo = (through: string[]) => new Map([
    [1, [...paid(arjun, "tuition", through), ...paid(arjun, "bus", through)]],
    [2, paid(priya, "tuition", through)],
  ]);
  const at = (today: string, ledgers = upTo(["2026-04"])) => {
    const dues = familyDuesOf(input({ today, ledgers, withinDays: 7 }))!;
    return reminderFor(dues, today, plan);
  };

  it("reminds 7 and 2 days before the due date (15 May) and not on the days between", () => {
    expect(at("2026-05-08")).toEqual({ kind: "before", daysLeft: 7 });
    expect(at("2026-05-13")).toEqual({ kind: "before", daysLeft: 2 });
    for (const day of ["2026-05-07", "2026-05-09", "2026-05-12", "2026-05-14", "2026-05-15"]) expect(at(day)).toBeNull();
  });

  it("reminds on the 1st, 8th and 15th day overdue, firmer each time, then stops", () => {
    expect(OVERDUE_DAYS).toEqual([1, 8, 15]);
    expect(at("2026-05-16")).toEqual({ kind: "overdue", daysOverdue: 1, step: 1, steps: 3 });
    expect(at("2026-05-23")).toEqual({ kind: "overdue", daysOverdue: 8, step: 2, steps: 3 });
    expect(at("2026-05-30")).toEqual({ kind: "overdue", daysOverdue: 15, step: 3, steps: 3 });
    for (const day of ["2026-05-17", "2026-05-22", "2026-05-31", "2026-06-05"]) expect(at(day)).toBeNull();
  });

  it("sends one reminder a family a day: overdue wins over a month falling due", () => {
    // 8 May, nothing paid: April is 23 days overdue and May falls due in 7 days.
    const dues = familyDuesOf(input({ today: "2026-05-08", ledgers: new Map(), withinDays: 7 }))!;
    expect(reminderFor(dues, "2026-05-08", { daysBefore: [7], daysOverdue: [23] })).toEqual({ kind: "overdue", daysOverdue: 23, step: 1, steps: 1 });
    expect(reminderFor(dues, "2026-05-08", { daysBefore: [7] })).toEqual({ kind: "before", daysLeft: 7 });
    // 16 May with April unpaid too: April is 31 days overdue (past the cadence), May 1 day: May's first.
    expect(at("2026-05-16", new Map())).toEqual({ kind: "overdue", daysOverdue: 1, step: 1, steps: 3 });
    // 8 June: May is 24 days overdue (past the cadence); June falls due in 7 days.
    expect(at("2026-06-08")).toEqual({ kind: "before", daysLeft: 7 });
  });

  it("reminds nobody of months paid or being paid", () => {
    expect(at("2026-05-16", upTo(["2026-04", "2026-05"]))).toBeNull();
    const ledgers = upTo(["2026-04"]);
    const covered = monthsBeingPaid([{ purpose: "family_fees", payableKey: familyPayableKey("9000000022", SESSION), lines: [1, 2].flatMap((id) => (["tuition", "bus"] as const).map((purpose) => ({ ref: familyLineRef({ studentId: id, purpose, month: "2026-05", head: "Tuition Fee" }) }))) }]);
    expect(reminderFor(familyDuesOf(input({ today: "2026-05-16", ledgers, covered, withinDays: 7 }))!, "2026-05-16", plan)).toBeNull();
  });

  it("never counts the late fee as a month's head", () => {
    const dues = familyDuesOf(input({ today: "2026-05-20" }))!;
    expect(dues.children.flatMap((c) => c.fees.flatMap((f) => f.months.flatMap((m) => m.lines.map((l) => l.head))))).not.toContain(LATE_FEE_HEAD);
  });
});
