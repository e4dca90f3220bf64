/**
 * Fee reminders that get paid (issue 26; docs/decisions/022-messages.md and 023-family-payments.md):
 * each day from the office's reminder hour (IST), every family `familyReminders` selects gets
 * one `fee_reminder` (e-mail and SMS) listing each child's dues with masked names, the late fee
 * rule when overdue, and a 14-day signed link that opens those dues ready to pay in one payment.
 * The key `family:<mobile>:<IST day>` makes it at most one a family a day, however often the
 * hourly job runs and in however many processes.
 */
import type { Database } from "~/db/client.server";
import { enqueue } from "~/core/messages/outbox.server";
import { messageSettings } from "~/core/messages/settings.server";
import type { ReminderData } from "~/core/messages/templates";
import { formatDisplayDate, kolkataDate, kolkataHour } from "~/lib/dates";
import { familyPayPath, FAMILY_LINK_MS } from "./family-link.server";
import { familyReminders, FAMILY_AHEAD_DAYS, type FamilyReminder } from "./family.server";

/**
 * The reminder's data for one family: each child's owed months as lines with their due dates,
 * the earliest due day, and what is overdue (with its due dates) apart from what falls due next.
 */
export function reminderData(family: FamilyReminder, payPath: string): ReminderData {
  const months = family.dues.children.flatMap((c) => c.fees.flatMap((f) => f.months));
  const dueDate = months.map((m) => m.dueDate).sort()[0] ?? "";
  const late = months.filter((m) => m.status === "overdue");
  const coming = months.filter((m) => m.status !== "overdue");
  const nextDate = coming.map((m) => m.dueDate).sort()[0];
  return {
    overdue: late.length > 0 ? { totalPaise: late.reduce((s, m) => s + m.totalPaise, 0), dueDates: [...new Set(late.map((m) => m.dueDate))].sort() } : undefined,
    next: nextDate ? { totalPaise: coming.filter((m) => m.dueDate === nextDate).reduce((s, m) => s + m.totalPaise, 0), dueDate: nextDate } : null,
    stage: family.reminder.kind,
    dueDate,
    children: family.dues.children
      .filter((c) => c.totalPaise > 0)
      .map((c) => ({
        maskedName: c.name,
        className: c.className,
        lines: c.fees.flatMap((f) => f.months.map((m) => ({ label: `${f.label} — ${m.label} (${m.status === "overdue" ? "was due" : "due"} ${formatDisplayDate(m.dueDate)})`, amountPaise: m.totalPaise }))),
        totalPaise: c.totalPaise,
      })),
    totalPaise: family.dues.totalPaise,
    lateFeeText: family.reminder.kind === "overdue" ? family.dues.lateFeeRule : null,
    payPath,
  };
}

/**
 * Enqueues today's fee reminders at `now` when it is at or past the office's reminder hour
 * (IST) and fee_reminder is not switched off; returns how many families were reminded now (0
 * for those reminded earlier today). With `everyOverdue` (the office pressing "Send fee
 * reminders now") at any hour, and only to the families owing something past its due date, all
 * of them whatever the schedule's days. Each family's reminder is its own transaction, keyed
 * per family and IST day: at most one a family a day either way. Throws what the driver throws.
 */
export async function enqueueFeeReminders(db: Database, now: Date, options: { everyOverdue?: boolean } = {}): Promise<number> {
  const settings = await messageSettings(db);
  if ((!options.everyOverdue && kolkataHour(now) < settings.reminders.hour) || settings.off.includes("fee_reminder")) return 0;
  const today = kolkataDate(now);
  const daysBefore = settings.reminders.daysBefore.filter((d) => d <= FAMILY_AHEAD_DAYS);
  const chosen = await familyReminders(db, today, { daysBefore, daysOverdue: settings.reminders.daysOverdue, everyOverdue: options.everyOverdue });
  const families = options.everyOverdue ? chosen.filter((f) => f.reminder.kind === "overdue") : chosen;
  let reminded = 0;
  for (const family of families) {
    if (family.dues.totalPaise <= 0) continue;
    const payPath = familyPayPath(family.mobile, new Date(now.getTime() + FAMILY_LINK_MS), undefined, now);
    const stored = await db.transaction((tx) =>
      enqueue(tx, { kind: "fee_reminder", data: reminderData(family, payPath), to: { email: family.email, mobile: family.mobile }, key: `family:${family.mobile}:${today}`, related: `family:${family.mobile}`, now }),
    );
    if (stored.length > 0) reminded++;
  }
  return reminded;
}
