/**
 * The school calendar as it stood when it moved into the database: copied in once, published, at
 * the first start (app/features/content/calendar.ts `calendarSeedItems`, store.server.ts
 * `seedContent`), so a fresh clone shows it. The school edits the calendar at /admin/content;
 * changing this file changes nothing on a site that has started once.
 */
import type { CalendarItem } from "../calendar";

/** Session 2026–27, in date order. */
export const calendarSeed: CalendarItem[] = [
  { start: "2026-04-01", title: "New session begins for Classes 1 to XII", category: "event" },
  { start: "2026-04-15", title: "Poila Baisakh (Bengali New Year)", category: "holiday" },
  { start: "2026-05-09", title: "Rabindra Jayanti celebration", category: "event" },
  { start: "2026-05-16", end: "2026-06-14", title: "Summer vacation", category: "holiday" },
  { start: "2026-07-11", title: "Parent-teacher meeting (first term)", category: "meeting" },
  { start: "2026-08-15", title: "Independence Day celebration", category: "event" },
  { start: "2026-09-05", title: "Teachers' Day, organised by Class XII students", category: "event" },
  { start: "2026-09-14", end: "2026-09-25", title: "Half-yearly examinations, Classes 1 to XII", category: "exam" },
  { start: "2026-10-03", title: "Parent-teacher meeting: half-yearly results", category: "meeting" },
  { start: "2026-10-15", end: "2026-10-27", title: "Durga Puja and Lakshmi Puja holidays", category: "holiday" },
  { start: "2026-11-02", title: "Admissions open for session 2027–28", category: "admissions" },
  { start: "2026-11-07", end: "2026-11-11", title: "Kali Puja, Diwali and Bhai Phonta holidays", category: "holiday" },
  { start: "2026-11-14", title: "Children's Day and Middle School science exhibition", category: "event" },
  { start: "2026-11-16", title: "Chhath Puja", category: "holiday" },
  { start: "2026-11-28", title: "Parent-teacher meeting: Classes X and XII board preparation", category: "meeting" },
  { start: "2026-12-01", end: "2026-12-10", title: "Pre-board examinations, Classes X and XII", category: "exam" },
  { start: "2026-12-12", title: "Annual Sports Meet", category: "event" },
  { start: "2026-12-19", title: "Annual Day", category: "event" },
  { start: "2026-12-24", end: "2027-01-01", title: "Winter break (Christmas and New Year)", category: "holiday" },
  { start: "2027-01-02", end: "2027-02-14", title: "CBSE practical examinations, Classes X and XII", category: "exam", tentative: true },
  { start: "2027-01-16", title: "Admission interaction for Nursery to Class IX (2027–28)", category: "admissions" },
  { start: "2027-01-23", title: "Netaji Jayanti", category: "holiday" },
  { start: "2027-01-26", title: "Republic Day celebration", category: "event" },
  { start: "2027-02-11", title: "Saraswati Puja", category: "holiday" },
  { start: "2027-02-17", end: "2027-03-31", title: "CBSE board examinations, Classes X and XII", category: "exam", tentative: true },
  { start: "2027-02-24", end: "2027-03-09", title: "Annual examinations, Classes 1 to IX and XI", category: "exam" },
  { start: "2027-03-20", title: "Result day and parent-teacher meeting", category: "meeting" },
  { start: "2027-03-22", title: "Dol Jatra (Holi)", category: "holiday" },
];
