/**
 * Facts of the school calendar: the session it covers (classes run April to March), the session
 * families are applying for, and the categories of its entries. The entries themselves are
 * edited in the admin (/admin/content, kind "calendar"); the home page shows the next few from
 * the day in India. Festival holidays follow the West Bengal calendar; CBSE dates follow CBSE's
 * date sheet.
 */

export const calendarCategories = ["admissions", "exam", "holiday", "event", "meeting"] as const;
export type CalendarCategory = (typeof calendarCategories)[number];

export type CalendarItem = {
  /** First day, ISO yyyy-mm-dd (a date in Asia/Kolkata). */
  start: string;
  /** Last day for multi-day items, ISO yyyy-mm-dd; absent for one-day items. */
  end?: string;
  title: string;
  category: CalendarCategory;
  /** Shown as "(tentative)" until the official date is announced. */
  tentative?: boolean;
};

/** The session this calendar covers. */
export const academicSession = { label: "2026–27", start: "2026-04-01", end: "2027-03-31" } as const;

/** The session families are applying for now (the apply-now call to action names it). */
export const admissionsSession = "2027–28";

export const categoryLabels: Record<CalendarCategory, string> = {
  admissions: "Admissions",
  exam: "Examination",
  holiday: "Holiday",
  event: "Event",
  meeting: "Parent meeting",
};
