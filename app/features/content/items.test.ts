/**
 * The rules of the calendar's and the openings' fields, and when an opening shows: until the
 * end of its closing date in India, which is a schedule boundary (pages render again then).
 */
import { describe, expect, it } from "vitest";
import type { ZodError } from "zod";
import { calendarFieldsSchema, calendarSlug, closesAt, fieldErrors, isVisible, openingFieldsSchema, scheduleBoundaries } from "./items";

const entry = { title: "Annual Sports Meet", start: "2026-12-12", category: "event" };
const opening = { role: "PGT Physics", subject: "Physics", type: "Teaching, full-time", qualifications: ["M.Sc. in Physics"], experience: "Two years", howToApply: "E-mail your CV.", closingDate: "2026-12-20", posted: "2026-11-10" };
const errorsOf = (result: { error?: ZodError }) => (result.error ? fieldErrors(result.error) : {});

describe("calendar entries", () => {
  it("take a title, a first day, an optional last day on or after it, a category and a tentative mark", () => {
    expect(calendarFieldsSchema.parse(entry)).toEqual({ ...entry, tentative: false, publishAt: null, unpublishAt: null });
    expect(calendarFieldsSchema.safeParse({ ...entry, end: "2026-12-12", tentative: true }).success).toBe(true);
    expect(errorsOf(calendarFieldsSchema.safeParse({ ...entry, end: "2026-12-11" }))).toEqual({ end: "The last day must be on or after the first day" });
    expect(errorsOf(calendarFieldsSchema.safeParse({ ...entry, category: "party" }))).toEqual({ category: "Choose a category" });
    expect(errorsOf(calendarFieldsSchema.safeParse({ ...entry, title: " " }))).toEqual({ title: "Enter the title" });
  });

  it("refuse days that do not exist", () => {
    expect(errorsOf(calendarFieldsSchema.safeParse({ ...entry, start: "2027-02-30" }))).toEqual({ start: "Enter the first day as a real date" });
    expect(errorsOf(calendarFieldsSchema.safeParse({ ...entry, end: "2026-13-01" }))).toEqual({ end: "Enter the last day as a real date" });
  });

  it("are addressed by their first day and title", () => {
    expect(calendarSlug("2026-12-25", "Christmas!")).toBe("2026-12-25-christmas");
    expect(calendarSlug("2026-12-25", "Christmas", 2)).toBe("2026-12-25-christmas-2");
    expect(calendarSlug("", "")).toBe("calendar-entry");
  });

  it("show inside their schedule only", () => {
    const fields = calendarFieldsSchema.parse({ ...entry, publishAt: "2026-12-01T00:00:00.000Z" });
    expect(isVisible("calendar", fields, new Date("2026-11-30T23:59:59Z"))).toBe(false);
    expect(isVisible("calendar", fields, new Date("2026-12-01T00:00:00Z"))).toBe(true);
  });
});

describe("openings", () => {
  it("take qualifications as a list, and a closing date on or after the day posted", () => {
    expect(openingFieldsSchema.parse(opening)).toEqual({ ...opening, publishAt: null, unpublishAt: null });
    expect(errorsOf(openingFieldsSchema.safeParse({ ...opening, qualifications: [] }))).toEqual({ qualifications: "Enter at least one qualification, one a line" });
    expect(errorsOf(openingFieldsSchema.safeParse({ ...opening, closingDate: "2026-11-09" }))).toEqual({ closingDate: "The closing date must be on or after the day it was posted" });
    expect(errorsOf(openingFieldsSchema.safeParse({ ...opening, closingDate: "2027-02-30" }))).toEqual({ closingDate: "Enter the closing date as a real date" });
    expect(errorsOf(openingFieldsSchema.safeParse({ ...opening, role: "" }))).toEqual({ role: "Enter the role" });
  });

  it("close at the end of the closing date in India: 18:30 UTC that day", () => {
    expect(closesAt("2026-12-20")).toBe("2026-12-20T18:30:00.000Z");
    expect(closesAt("2026-12-31")).toBe("2026-12-31T18:30:00.000Z");
  });

  it("are visible through the closing date in India and not after", () => {
    const fields = openingFieldsSchema.parse(opening);
    expect(isVisible("opening", fields, new Date("2026-12-20T18:29:59.999Z"))).toBe(true); // 23:59:59 IST
    expect(isVisible("opening", fields, new Date("2026-12-20T18:30:00Z"))).toBe(false); // 00:00 IST next day
    expect(isVisible("opening", { ...fields, closingDate: "2026-11-20" }, new Date("2026-11-27T06:00:00Z"))).toBe(false);
  });

  it("make their close a schedule boundary, so /openings renders again by itself", () => {
    const items = [
      { kind: "opening" as const, fields: openingFieldsSchema.parse(opening) as Record<string, unknown> },
      { kind: "calendar" as const, fields: { ...entry, closingDate: "2026-12-01" } },
    ];
    expect(scheduleBoundaries(items)).toEqual([Date.parse("2026-12-20T18:30:00Z")]);
  });
});
