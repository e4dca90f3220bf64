import { describe, expect, it } from "vitest";
import { academicYear, addDays, dateBadge, daysBetween, eachDay, financialYear, istDateTime, istMidnight, sessionOf, yearLabel, formatDateRange, formatDateTime, formatDisplayDate, istHourKey, istHourStart, kolkataDate, kolkataHour } from "./dates";

describe("kolkataDate", () => {
  it("is the calendar day in India, not in UTC", () => {
    // 19:00 UTC on 21 Nov is 00:30 on 22 Nov in Kolkata.
    expect(kolkataDate(new Date("2026-11-21T19:00:00Z"))).toBe("2026-11-22");
    expect(kolkataDate(new Date("2026-11-21T18:29:59Z"))).toBe("2026-11-21");
  });
});

describe("istHourKey", () => {
  it("names the IST date and hour, crossing midnight at 18:30 UTC", () => {
    expect(istHourKey(new Date("2026-11-26T18:29:59Z"))).toBe("2026-11-26T23");
    expect(istHourKey(new Date("2026-11-26T18:30:00Z"))).toBe("2026-11-27T00");
    expect(istHourKey(new Date("2026-11-27T04:00:00Z"))).toBe("2026-11-27T09");
  });
});

describe("istHourStart", () => {
  it("starts India's hours at half past the UTC hour, the hour kolkataHour names", () => {
    expect(istHourStart(new Date("2026-11-21T19:29:59.999Z")).toISOString()).toBe("2026-11-21T18:30:00.000Z");
    expect(istHourStart(new Date("2026-11-21T19:30:00Z")).toISOString()).toBe("2026-11-21T19:30:00.000Z");
    const at = new Date("2026-11-21T20:10:00Z");
    expect(kolkataHour(istHourStart(at))).toBe(kolkataHour(at));
  });
});

describe("display formats", () => {
  it("formats dates the Indian way", () => {
    expect(formatDisplayDate("2026-12-15")).toBe("15 Dec 2026");
    // Intl puts thin spaces around the dash.
    // Plain spaces around the dash whatever the ICU version (server and browser must agree).
    expect(formatDateRange("2026-12-24", "2027-01-01")).toBe("24 Dec 2026 – 1 Jan 2027");
    expect(formatDateRange("2026-10-25", "2026-11-23")).toBe("25 Oct – 23 Nov 2026");
    expect(formatDateRange("2026-11-17", "2026-11-23")).toBe("17–23 Nov 2026");
    expect(formatDateRange("2026-12-24", "2026-12-24")).toBe("24 Dec 2026");
    expect(dateBadge("2026-12-05")).toEqual({ day: "5", month: "Dec" });
  });
  it("rejects malformed dates", () => {
    expect(() => formatDisplayDate("15-12-2026")).toThrow(RangeError);
    expect(() => formatDisplayDate("2026-13-01")).toThrow(RangeError);
  });
});

describe("calendar days", () => {
  it("adds days across month, leap-day and year ends", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });

  it("counts whole days between two dates, negative backwards", () => {
    expect(daysBetween("2026-04-10", "2026-04-22")).toBe(12);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2026-04-22", "2026-04-10")).toBe(-12);
    expect(daysBetween("2026-04-10", "2026-04-10")).toBe(0);
  });

  it("lists each day of a range, both ends included", () => {
    expect(eachDay("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(eachDay("2026-12-30", "2026-12-29")).toEqual([]);
  });

  it("writes a time in India with its offset, midnight by default", () => {
    expect(istDateTime("2026-12-15", "09:00:00")).toBe("2026-12-15T09:00:00+05:30");
    expect(istDateTime("2026-12-15")).toBe("2026-12-15T00:00:00+05:30");
    expect(istMidnight("2026-12-15").toISOString()).toBe("2026-12-14T18:30:00.000Z");
  });
});

describe("the April–March year (fee session, financial year)", () => {
  it("labels a year by its start and the end's last two digits", () => {
    expect(yearLabel(2026)).toBe("2026-27");
    expect(yearLabel(2099)).toBe("2099-00");
  });

  it("puts 31 March in the year before and 1 April in the new one, for a date or a month", () => {
    expect(sessionOf("2026-03-31")).toBe("2025-26");
    expect(sessionOf("2026-04-01")).toBe("2026-27");
    expect(sessionOf("2027-01")).toBe("2026-27");
    expect(sessionOf("2026-09")).toBe("2026-27");
  });

  it("judges the financial year of an instant by the date in India", () => {
    expect(financialYear(new Date("2026-03-31T18:29:59Z"))).toBe("2025-26");
    expect(financialYear(new Date("2026-03-31T18:30:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2099-12-31T12:00:00Z"))).toBe("2099-00");
  });
});

describe("academicYear (SPEC §3: 1 November to 31 October, IST)", () => {
  it("changes at midnight in India on 1 November", () => {
    expect(academicYear(new Date("2026-10-31T18:29:59Z")).label).toBe("2025-26");
    expect(academicYear(new Date("2026-10-31T18:30:00Z"))).toEqual({ label: "2026-27", start: "2026-11-01", end: "2027-10-31" });
  });
  it("keeps the same year through 31 October and pads the short year", () => {
    expect(academicYear(new Date("2027-10-31T12:00:00+05:30")).label).toBe("2026-27");
    expect(academicYear(new Date("2099-12-01T00:00:00Z")).label).toBe("2099-00");
    expect(academicYear(new Date("2027-01-15T00:00:00Z")).label).toBe("2026-27");
  });
});

describe("formatDateTime (SPEC §9: en-IN, 12-hour AM/PM, IST)", () => {
  it("shows the time in India with AM/PM", () => {
    expect(formatDateTime(new Date("2026-11-21T09:35:00Z"))).toBe("21 Nov 2026, 3:05 PM");
    expect(formatDateTime(new Date("2026-11-20T18:45:00Z"))).toBe("21 Nov 2026, 12:15 AM");
  });
  it("says 'Invalid Time' for an invalid date (SPEC §8)", () => {
    expect(formatDateTime(new Date("nonsense"))).toBe("Invalid Time");
  });
});
