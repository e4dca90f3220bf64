/**
 * A fee reminder names what is overdue, with its due dates, apart from what falls due next:
 * the SMS of an overdue reminder carries the overdue amount only; the e-mail says both, and each
 * line its due date.
 */
import { describe, expect, it } from "vitest";
import { TEMPLATES } from "~/core/messages/templates";
import type { FamilyMonth } from "./family";
import type { FamilyReminder } from "./family.server";
import { reminderData } from "./reminders.server";

const month = (m: string, status: FamilyMonth["status"], totalPaise: number): FamilyMonth => ({ month: m, label: m, dueDate: `${m}-15`, status, lines: [], lateFeePaise: 0, totalPaise });

describe("reminderData", () => {
  it("keeps ₹70,120 overdue since 15 Apr apart from ₹6,140 falling due on 15 Dec", () => {
    const overdue = ["2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"].map((m) => month(m, "overdue", 8_765_00));
    const family: FamilyReminder = {
      mobile: "9000000000",
      email: "parent@example.com",
      reminder: { kind: "overdue", daysOverdue: 1, step: 1, steps: 3 },
      dues: {
        mobile: "9000000000",
        session: "2026-27",
        email: "parent@example.com",
        lateFeeRule: "a late fee of ₹100 once a month is past its due date",
        totalPaise: 76_260_00,
        children: [{ studentId: 1, name: "A**** M*****", className: "Class 5 A", totalPaise: 76_260_00, fees: [{ purpose: "tuition", label: "School fee", inProgress: false, totalPaise: 76_260_00, months: [...overdue, month("2026-12", "upcoming", 6_140_00)] }] }],
      },
    };
    const data = reminderData(family, "/fees/family/t");
    expect(data.overdue).toEqual({ totalPaise: 70_120_00, dueDates: overdue.map((m) => m.dueDate) });
    expect(data.next).toEqual({ totalPaise: 6_140_00, dueDate: "2026-12-15" });
    const sms = TEMPLATES.fee_reminder.sms!.values(data);
    expect(sms).toMatchObject({ amount: "70,120", stage: "overdue since", date: "15 Apr 2026" });
    const email = TEMPLATES.fee_reminder.email!(data);
    expect(email.subject).toBe("Fees overdue: ₹70,120");
    expect(email.paragraphs[0]).toContain("Overdue: ₹70,120, due on 15 Apr 2026, 15 May 2026");
    expect(email.paragraphs[0]).toContain("₹6,140 falls due on 15 Dec 2026.");
    expect(email.table![0]!.rows.at(-2)![0]).toBe("School fee — 2026-12 (due 15 Dec 2026)");
    expect(email.table![0]!.rows[0]![0]).toBe("School fee — 2026-04 (was due 15 Apr 2026)");
  });
});
