/**
 * A family's dues and the day's fee reminders, read from the database (the selection itself is
 * app/features/fees/family.ts). Nothing here writes or sends: the messages job of the outbox
 * (app/core/messages) calls `familyReminders` once a day and sends each family one message with
 * its link (`familyPayPath` of family-link.server.ts). docs/decisions/023-family-payments.md.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { students } from "~/db/schema/fees";
import { openOrdersOf } from "~/core/payments/orders.server";
import { sessionOf } from "~/lib/dates";
import { MOBILE_PATTERN, normaliseMobile } from "~/lib/phone";
import { familyDuesOf, monthsBeingPaid, reminderFor, type FamilyDues, type Reminder, type ReminderSchedule, type RollStudent } from "./family";
import { bookFor, ledgersOf } from "./ledger.server";

export type { FamilyDues, Reminder, ReminderSchedule };

/** Months falling due within this many days are on the family's page (a reminder's daysBefore is at most this). */
export const FAMILY_AHEAD_DAYS = 15;

export type FamilyDuesOptions = {
  /** Months falling due within this many days (0 to FAMILY_AHEAD_DAYS) count too; default 0. */
  withinDays?: number;
  /** Open orders of this payable key do not hide their months (the family's own order, which paying again supersedes). */
  exceptOrdersOf?: string;
};

const rollColumns = {
  id: students.id,
  name: students.name,
  className: students.className,
  section: students.section,
  mobile: students.mobile,
  email: students.email,
  busStop: students.busStop,
  concessions: students.concessions,
  joinedSession: students.joinedSession,
  joinedMonth: students.joinedMonth,
};

/**
 * What the family of `mobile` (any formatting) owes on `today` (IST "YYYY-MM-DD") in that
 * day's session: each sibling's masked name, class and unpaid school and bus months that are
 * due or overdue (or fall due within `withinDays`), each with its lines, late fee and total in
 * paise; months already paid or paid by an open order are left out. Null when no student has
 * the mobile or the session has no fee book. Throws RangeError for withinDays outside
 * 0-FAMILY_AHEAD_DAYS, and what the driver throws. Rules: docs/decisions/016-fees.md (months,
 * late fee), 023-family-payments.md (siblings, open orders).
 */
export async function familyDues(db: Database, mobile: string, today: string, options: FamilyDuesOptions = {}): Promise<FamilyDues | null> {
  const withinDays = z.number().int().min(0).max(FAMILY_AHEAD_DAYS).parse(options.withinDays ?? 0, { error: () => `withinDays must be 0-${FAMILY_AHEAD_DAYS}` });
  const digits = normaliseMobile(mobile);
  if (!MOBILE_PATTERN.test(digits)) return null;
  const book = await bookFor(db, sessionOf(today));
  if (!book) return null;
  // The last ten digits narrow the roll in SQL; siblingsOf applies the one rule of phone.ts.
  const roll: RollStudent[] = await db
    .select(rollColumns)
    .from(students)
    .where(sql`right(regexp_replace(${students.mobile}, '[^0-9]', '', 'g'), 10) = ${digits}`);
  if (roll.length === 0) return null;
  const ledgers = await ledgersOf(db, book.session, roll.map((s) => s.id));
  const covered = monthsBeingPaid(await openOrdersOf(db, "tuition", "bus", "family_fees"), options.exceptOrdersOf);
  return familyDuesOf({ mobile: digits, roll, book, ledgers, covered, today, withinDays });
}

/** A family to remind today: its dues, why, its mobile and e-mail (in `dues`). */
export type FamilyReminder = { mobile: string; email: string | null; reminder: Reminder; dues: FamilyDues };

const scheduleSchema = z.object({
  daysBefore: z.array(z.number().int().min(0).max(FAMILY_AHEAD_DAYS)).max(10),
  daysOverdue: z.array(z.number().int().min(1).max(120)).min(1).max(10).optional(),
  everyOverdue: z.boolean().optional(),
});

/**
 * The families to remind on `today` (IST "YYYY-MM-DD"), one entry per distinct normalised
 * mobile on the roll, by mobile: kind "before" when an owed month falls due in exactly one of
 * `schedule.daysBefore` days (each 0 to FAMILY_AHEAD_DAYS, e.g. [7, 2]), kind "overdue" when an
 * owed month is exactly one of `schedule.daysOverdue` days past its due date (default
 * OVERDUE_DAYS, 1, 8 and 15; overdue wins). Each carries the family's dues (months falling due
 * within the largest daysBefore included), e-mail and the late fee rule in words. Months paid
 * or paid by an open order remind nobody. Pure selection: nothing is written or sent. Throws
 * ZodError for a bad schedule, and what the driver throws.
 */
export async function familyReminders(db: Database, today: string, schedule: ReminderSchedule): Promise<FamilyReminder[]> {
  const plan = scheduleSchema.parse(schedule);
  const book = await bookFor(db, sessionOf(today));
  if (!book) return [];
  const roll: RollStudent[] = await db.select(rollColumns).from(students);
  const ledgers = await ledgersOf(db, book.session);
  const covered = monthsBeingPaid(await openOrdersOf(db, "tuition", "bus", "family_fees"));
  const withinDays = Math.max(0, ...plan.daysBefore);
  const byMobile = new Map<string, RollStudent[]>();
  for (const s of roll) {
    const mobile = normaliseMobile(s.mobile);
    if (MOBILE_PATTERN.test(mobile)) byMobile.set(mobile, [...(byMobile.get(mobile) ?? []), s]);
  }
  const families: FamilyReminder[] = [];
  for (const [mobile, siblings] of [...byMobile].sort(([a], [b]) => a.localeCompare(b))) {
    const dues = familyDuesOf({ mobile, roll: siblings, book, ledgers, covered, today, withinDays });
    const reminder = dues && reminderFor(dues, today, plan);
    if (dues && reminder) families.push({ mobile, email: dues.email, reminder, dues });
  }
  return families;
}
