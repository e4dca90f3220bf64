import { describe, expect, it } from "vitest";
import { feeBookSchema } from "./book";
import { sampleFeeBook } from "./sample";
import { accountSummary, balanceOf, chargedPaise, checkSelection, LEDGER_KINDS, paidPaise, signedPaise, concessionOn, creditOf, creditsOf, firstBilledMonth, firstYearPaise, lateFee, monthViews, schedule, sessionMonths, totalOf, type LedgerEntry, type MonthStatus } from "./schedule";

const book = sampleFeeBook("2026-27");
const riya = { className: "Class 5", busStop: "R1", concessions: [], joinedSession: null, joinedMonth: null };

describe("firstYearPaise", () => {
  it("counts monthly heads 12 times, quarterly 4, annual and one-time once, from the book's heads", () => {
    // Class 5: tuition 2,600 × 12 + computer 600 × 4 + annual 7,500 + admission 15,000.
    expect(firstYearPaise(book, "Class 5")).toBe(2_600_00 * 12 + 600_00 * 4 + 7_500_00 + 15_000_00);
    expect(firstYearPaise(book, "Class 5")).toBe(5_610_000);
  });

  it("is 0 for a class the book does not charge", () => {
    expect(firstYearPaise({ ...book, structures: book.structures.slice(0, 1) }, "Class 5")).toBe(0);
  });
});

describe("schedule", () => {
  it("runs April to March", () => {
    expect(sessionMonths("2026-27")).toEqual(["2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11", "2026-12", "2027-01", "2027-02", "2027-03"]);
  });

  it("puts monthly heads in every month, quarterly ones each quarter, annual in April, one-time only for a new student", () => {
    const months = schedule(book, riya, "tuition");
    expect(months).toHaveLength(12);
    expect(months[0]!.items.map((i) => i.head)).toEqual(["Tuition Fee", "Computer Fee", "Annual Charges"]);
    expect(months[1]!.items.map((i) => i.head)).toEqual(["Tuition Fee"]);
    expect(months[3]!.items.map((i) => [i.head, i.periodLabel])).toEqual([["Tuition Fee", "July 2026"], ["Computer Fee", "Jul–Sep 2026"]]);
    expect(months[9]!.dueDate).toBe("2027-01-15");
    const fresh = schedule(book, { ...riya, joinedSession: "2026-27" }, "tuition");
    expect(fresh[0]!.items.map((i) => i.head)).toContain("Admission Fee");
  });

  it("bills a student admitted for next session nothing this session, and from April in hers", () => {
    const next = { ...riya, joinedSession: "2027-28" };
    expect(firstBilledMonth(next)).toBe("2027-04");
    expect(schedule(book, next, "tuition")).toEqual([]);
    expect(schedule(book, next, "bus")).toEqual([]);
    const hers = schedule(sampleFeeBook("2027-28"), next, "tuition");
    expect(hers).toHaveLength(12);
    expect(hers[0]!.items.map((i) => i.head)).toEqual(["Tuition Fee", "Computer Fee", "Annual Charges", "Admission Fee"]);
  });

  it("bills a mid-session joiner from the joining month, as the book's joinerPeriods says", () => {
    const september = { ...riya, joinedSession: "2026-27", joinedMonth: "2026-09" };
    const current = schedule(book, september, "tuition");
    expect(current.map((m) => m.month)).toEqual(["2026-09", "2026-10", "2026-11", "2026-12", "2027-01", "2027-02", "2027-03"]);
    // The quarter Jul–Sep and the year have begun: charged whole in September, with the one-time heads.
    expect(current[0]!.items.map((i) => [i.head, i.periodLabel])).toEqual([["Tuition Fee", "September 2026"], ["Computer Fee", "Jul–Sep 2026"], ["Annual Charges", "2026-27"], ["Admission Fee", "One-time"]]);
    expect(current[1]!.items.map((i) => [i.head, i.periodLabel])).toEqual([["Tuition Fee", "October 2026"], ["Computer Fee", "Oct–Dec 2026"]]);
    const next = schedule({ ...book, joinerPeriods: "next" }, september, "tuition");
    expect(next[0]!.items.map((i) => i.head)).toEqual(["Tuition Fee", "Admission Fee"]);
    expect(schedule(book, september, "bus").map((m) => m.month)[0]).toBe("2026-09");
    // A student on the roll from an earlier session pays every month and no one-time head.
    expect(schedule(book, { ...riya, joinedSession: "2025-26", joinedMonth: "2025-11" }, "tuition")).toHaveLength(12);
  });

  it("charges the bus by the student's stop, and nothing without one", () => {
    expect(schedule(book, riya, "bus").map((m) => m.items[0]!.amountPaise)).toEqual(Array(12).fill(1_200_00));
    expect(schedule(book, { ...riya, busStop: null }, "bus")).toEqual([]);
  });

  it("applies concessions to named heads only, never above the amount", () => {
    expect(concessionOn(book.concessions, ["SIBLING"], "Tuition Fee", 2_600_00)).toEqual({ paise: 260_00, names: ["Sibling concession"] });
    expect(concessionOn(book.concessions, ["SIBLING"], "Annual Charges", 7_500_00).paise).toBe(0);
    expect(concessionOn(book.concessions, ["RTE", "MERIT"], "Tuition Fee", 2_600_00).paise).toBe(2_600_00);
    expect(concessionOn(book.concessions, ["MERIT"], "Tuition Fee", 300_00).paise).toBe(300_00);
  });
});

describe("late fee", () => {
  const perDay = { kind: "per_day" as const, amountPaise: 10_00, capPaise: 150_00 };
  it("is nothing on the due date, per day after it up to the cap, or flat", () => {
    expect(lateFee(perDay, "2026-04-15", "2026-04-15")).toBe(0);
    expect(lateFee(perDay, "2026-04-15", "2026-04-18")).toBe(30_00);
    expect(lateFee(perDay, "2026-04-15", "2026-06-01")).toBe(150_00);
    expect(lateFee({ kind: "flat", amountPaise: 100_00, capPaise: 100_00 }, "2026-04-15", "2026-04-16")).toBe(100_00);
  });
});

describe("month views and selection", () => {
  const months = schedule(book, riya, "tuition");
  it("tells paid, overdue with its late fee, due and upcoming apart", () => {
    const ledger: LedgerEntry[] = [
      { kind: "due", month: "2026-04", head: "Tuition Fee", amountPaise: 2_600_00 },
      { kind: "due", month: "2026-04", head: "Computer Fee", amountPaise: 600_00 },
      { kind: "due", month: "2026-04", head: "Annual Charges", amountPaise: 7_500_00 },
      { kind: "payment", month: "2026-04", head: "Tuition Fee", amountPaise: 2_600_00 },
      { kind: "payment", month: "2026-04", head: "Computer Fee", amountPaise: 600_00 },
      { kind: "payment", month: "2026-04", head: "Annual Charges", amountPaise: 7_500_00 },
    ];
    const views = monthViews(months, ledger, book.lateFee, "2026-06-10");
    expect(views.slice(0, 4).map((v) => v.status)).toEqual(["paid", "overdue", "due", "upcoming"]);
    expect(views[1]).toMatchObject({ payablePaise: 2_700_00, lateFeePaise: 100_00 });
    expect(views[2]).toMatchObject({ payablePaise: 2_600_00, lateFeePaise: 0 });
  });

  it("keeps a posted due's amount when the fee book changes later", () => {
    const dearer = feeBookSchema.parse({ ...book, structures: book.structures.map((s) => ({ ...s, heads: s.heads.map((h) => (h.name === "Tuition Fee" ? { ...h, amountPaise: 9_999_00 } : h)) })) });
    const ledger: LedgerEntry[] = [{ kind: "due", month: "2026-05", head: "Tuition Fee", amountPaise: 2_600_00 }];
    const views = monthViews(schedule(dearer, riya, "tuition"), ledger, book.lateFee, "2026-05-01");
    expect(views[1]!.payablePaise).toBe(2_600_00);
    expect(views[2]!.payablePaise).toBe(9_999_00);
  });

  it("takes only the oldest unpaid months, without gaps", () => {
    const views = monthViews(months, [], book.lateFee, "2026-06-10");
    expect(checkSelection(views, [])).toMatchObject({ ok: false, problem: { kind: "empty" } });
    expect(checkSelection(views, ["2026-05"])).toMatchObject({ ok: false, problem: { kind: "out_of_order" } });
    expect(checkSelection(views, ["2026-04", "2026-06"])).toMatchObject({ ok: false, problem: { kind: "out_of_order" } });
    expect(checkSelection(views, ["2031-04"])).toMatchObject({ ok: false, problem: { kind: "unknown" } });
    const ok = checkSelection(views, ["2026-05", "2026-04"]);
    expect(ok.ok && ok.months.map((m) => m.month)).toEqual(["2026-04", "2026-05"]);
    expect(ok.ok && totalOf(ok.months)).toBe(2_600_00 + 600_00 + 7_500_00 + 100_00 + 2_600_00 + 100_00);
  });

  it("computes the balance from ledger lines alone", () => {
    expect(
      balanceOf([
        { kind: "due", month: "2026-04", head: "T", amountPaise: 1000 },
        { kind: "concession", month: "2026-04", head: "T", amountPaise: 100 },
        { kind: "late_fee", month: "2026-04", head: "Late Fee", amountPaise: 50 },
        { kind: "payment", month: "2026-04", head: "T", amountPaise: 950 },
        { kind: "refund", month: "2026-04", head: "T", amountPaise: 950 },
      ]),
    ).toBe(950);
  });
});

describe("ledger signs", () => {
  it("dues and late fees add to the balance, concessions and payments take from it, refunds add again", () => {
    const line = (kind: LedgerEntry["kind"]): LedgerEntry => ({ kind, month: "2026-04", head: "Tuition Fee", amountPaise: 100_00 });
    expect(LEDGER_KINDS.map((k) => signedPaise(line(k)))).toEqual([100_00, -100_00, 100_00, -100_00, 100_00]);
    expect(LEDGER_KINDS.map((k) => chargedPaise(line(k)))).toEqual([100_00, -100_00, 100_00, 0, 0]);
    expect(LEDGER_KINDS.map((k) => paidPaise(line(k)))).toEqual([0, 0, 0, 100_00, -100_00]);
  });
});

describe("credits", () => {
  it("are heads and months paid more than charged, by any channel, and nothing else", () => {
    const ledger: LedgerEntry[] = [
      { kind: "due", month: "2026-04", head: "Tuition Fee", amountPaise: 2_600_00 },
      { kind: "concession", month: "2026-04", head: "Tuition Fee", amountPaise: 260_00 },
      { kind: "late_fee", month: "2026-04", head: "Late Fee", amountPaise: 100_00 },
      { kind: "payment", month: "2026-04", head: "Tuition Fee", amountPaise: 2_340_00 },
      { kind: "payment", month: "2026-04", head: "Late Fee", amountPaise: 100_00 },
      // The same month paid again online after the office took it.
      { kind: "payment", month: "2026-04", head: "Tuition Fee", amountPaise: 2_340_00 },
      { kind: "due", month: "2026-05", head: "Tuition Fee", amountPaise: 2_600_00 },
      { kind: "payment", month: "2026-05", head: "Tuition Fee", amountPaise: 1_000_00 },
    ];
    expect(creditsOf(ledger)).toEqual([{ month: "2026-04", head: "Tuition Fee", excessPaise: 2_340_00 }]);
    expect(creditOf(ledger)).toBe(2_340_00);
    expect(creditOf([...ledger, { kind: "refund", month: "2026-04", head: "Tuition Fee", amountPaise: 2_340_00 }])).toBe(0);
    expect(creditOf(ledger.slice(0, 5))).toBe(0);
  });
});

describe("accountSummary (the audit log's before → after of a fee account)", () => {
  const month = (label: string, status: MonthStatus, payablePaise = 0) => ({ label, status, payablePaise });
  const session = ["April 2026", "May 2026", "June 2026", "July 2026", "August 2026"];

  it("names a run of unpaid months by its ends and count, and adds what is payable now for due and overdue months only", () => {
    const months = [month(session[0]!, "paid"), month(session[1]!, "overdue", 1_600_00), month(session[2]!, "due", 1_500_00), month(session[3]!, "upcoming", 1_500_00), month(session[4]!, "upcoming", 1_500_00)];
    expect(accountSummary(months)).toEqual({ unpaidMonths: "May 2026 – August 2026 (4)", payableNowPaise: 3_100_00 });
  });

  it("lists months that do not follow one another, and one or two months by name", () => {
    expect(accountSummary([month(session[0]!, "due", 5), month(session[1]!, "paid"), month(session[2]!, "upcoming", 7), month(session[3]!, "upcoming", 7)]).unpaidMonths).toBe("April 2026, June 2026, July 2026");
    expect(accountSummary([month(session[0]!, "paid"), month(session[1]!, "upcoming", 7), month(session[2]!, "upcoming", 7)]).unpaidMonths).toBe("May 2026, June 2026");
  });

  it("says none when every month is paid", () => {
    expect(accountSummary(session.map((label) => month(label, "paid")))).toEqual({ unpaidMonths: "none", payableNowPaise: 0 });
  });
});
