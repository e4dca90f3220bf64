/**
 * The rules of the calendar's and the openings' fields, and when an opening shows: until the
 * end of its closing date in India, which is a schedule boundary (pages render again then). A
 * content page's fields: what the admin may store as a page's title, description, keywords and
 * words, and what it refuses with a message per field.
 */
import { describe, expect, it } from "vitest";
import type { ZodError } from "zod";
import { ALT_MAX, DESCRIPTION_LIMITS, TITLE_MAX, albumPictureRef, calendarFieldsSchema, imageRef, calendarSlug, closesAt, fieldErrors, isVisible, itemPath, openingFieldsSchema, pageFieldsSchema, scheduleBoundaries } from "./items";

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

const page = (over: Record<string, unknown> = {}) => ({
  title: "Principal's Message",
  description: "A message from the Principal on learning, CBSE board preparation and the partnership between school and home, for every family.",
  keywords: ["principal message"],
  lead: "On learning with understanding and the partnership between school and home.",
  body: "## Dear parents\n\nWelcome.",
  ...over,
});
const pageErrors = (input: unknown) => {
  const result = pageFieldsSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("a page's fields", () => {
  it("take a page with its title, description, keywords, lead and body; heading, picture and speaker are optional", () => {
    expect(pageErrors(page())).toEqual({});
    expect(pageErrors(page({ heading: "A word from the Principal", person: { name: "Mr. Debashis Sample", role: "Principal, {{name}}", image: "people/principal.svg", imageAlt: "Illustrated portrait of the Principal" } }))).toEqual({});
    expect(pageFieldsSchema.parse(page({ keywords: undefined })).keywords).toEqual([]);
  });

  it("refuse an empty title or description, and either over its limit", () => {
    expect(pageErrors(page({ title: "  " }))).toEqual({ title: "Enter the title" });
    expect(pageErrors(page({ title: "x".repeat(TITLE_MAX.page + 1) }))).toEqual({ title: "Keep the title to 100 characters or fewer" });
    expect(pageErrors(page({ description: "" }))).toEqual({ description: "Enter the description" });
    expect(pageErrors(page({ description: "x".repeat(DESCRIPTION_LIMITS.max) }))).toEqual({});
    expect(pageErrors(page({ description: "x".repeat(DESCRIPTION_LIMITS.max + 1) }))).toEqual({ description: "Keep the description to 300 characters or fewer" });
  });

  it("keep the description's 120–160 characters a hint, not a rule: a short one is stored", () => {
    expect(DESCRIPTION_LIMITS).toMatchObject({ hintMin: 120, hintMax: 160 });
    expect(pageErrors(page({ description: "A short description." }))).toEqual({});
  });

  it("refuse a short lead, a long keyword, too many keywords, and a picture without its description", () => {
    expect(pageErrors(page({ lead: "Too short." }))).toEqual({ lead: "Write at least 20 characters for the lead" });
    expect(pageErrors(page({ keywords: ["x".repeat(61)] }))).toEqual({ keywords: "Keep each keyword to 60 characters or fewer" });
    expect(pageErrors(page({ keywords: Array.from({ length: 13 }, (_, i) => `keyword ${i}`) }))).toEqual({ keywords: "Keep to 12 keywords or fewer" });
    expect(pageErrors(page({ image: "gallery/campus-main-building.svg" }))).toEqual({ imageAlt: "Describe the picture" });
    expect(pageErrors(page({ image: "/images/campus.svg", imageAlt: "The main building" }))).toHaveProperty("image");
    expect(pageErrors(page({ person: { name: "Mr. Sample", role: "Principal", image: "people/principal.svg", imageAlt: "" } }))).toEqual({ "person.imageAlt": "Write at least 10 characters for the portrait's description" });
    expect(pageErrors(page({ image: "gallery/campus-main-building.svg", imageAlt: "x".repeat(ALT_MAX + 1) }))).toEqual({ imageAlt: `Keep the picture's description to ${ALT_MAX} characters or fewer` });
  });

  it("put a page at its route: the slug is the path without its slash", () => {
    expect(itemPath("page", "principal")).toBe("/principal");
    expect(itemPath("news", "sports-day")).toBe("/news/sports-day");
    expect(itemPath("notice", "closed")).toBeNull();
  });
});

describe("picture references", () => {
  const media = "/media/0123456789abcdef0123456789abcdef";

  it("take an uploaded photo by its 32-hex-digit id in a story and in an album alike", () => {
    expect(imageRef.safeParse(media).success).toBe(true);
    expect(albumPictureRef.safeParse(media).success).toBe(true);
    for (const bad of ["/media/0123456789ABCDEF0123456789ABCDEF", "/media/k3v9x2ab", `${media}-640.avif`, `${media}/../x`]) {
      expect(imageRef.safeParse(bad).success, bad).toBe(false);
      expect(albumPictureRef.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("take a site picture as each kind names it: a story a file of /images/, an album or a page one under content/images/ in a format the build makes responsive", () => {
    expect(imageRef.safeParse("/images/campus.svg").success).toBe(true);
    expect(imageRef.safeParse("gallery/campus-library.svg").success).toBe(false);
    for (const key of ["gallery/campus-library.svg", "gallery/sports-day.jpeg", "gallery/sports-day.jpg", "people/principal.png", "a.webp"]) {
      expect(albumPictureRef.safeParse(key).success, key).toBe(true);
      expect(pageErrors(page({ image: key, imageAlt: "The main building of the school" })), key).toEqual({});
    }
    for (const bad of ["../../etc/passwd", "gallery/../secret.svg", "gallery/campus.avif", "/images/campus.svg", "Gallery/A.svg"]) {
      expect(albumPictureRef.safeParse(bad).success, bad).toBe(false);
      expect(pageErrors(page({ image: bad, imageAlt: "The main building of the school" })), bad).toHaveProperty("image");
    }
  });
});
