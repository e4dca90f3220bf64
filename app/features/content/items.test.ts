/**
 * A content page's fields (items.ts pageFieldsSchema): what the admin may store as a page's
 * title, description, keywords and words, and what it refuses with a message per field.
 */
import { describe, expect, it } from "vitest";
import { DESCRIPTION_LIMITS, TITLE_MAX, fieldErrors, itemPath, pageFieldsSchema } from "./items";

const page = (over: Record<string, unknown> = {}) => ({
  title: "Principal's Message",
  description: "A message from the Principal on learning, CBSE board preparation and the partnership between school and home, for every family.",
  keywords: ["principal message"],
  lead: "On learning with understanding and the partnership between school and home.",
  body: "## Dear parents\n\nWelcome.",
  ...over,
});
const errorsOf = (input: unknown) => {
  const result = pageFieldsSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("a page's fields", () => {
  it("take a page with its title, description, keywords, lead and body; heading, picture and speaker are optional", () => {
    expect(errorsOf(page())).toEqual({});
    expect(errorsOf(page({ heading: "A word from the Principal", person: { name: "Mr. Debashis Sample", role: "Principal, {{name}}", image: "people/principal.svg", imageAlt: "Illustrated portrait of the Principal" } }))).toEqual({});
    expect(pageFieldsSchema.parse(page({ keywords: undefined })).keywords).toEqual([]);
  });

  it("refuse an empty title or description, and either over its limit", () => {
    expect(errorsOf(page({ title: "  " }))).toEqual({ title: "Enter the title" });
    expect(errorsOf(page({ title: "x".repeat(TITLE_MAX.page + 1) }))).toEqual({ title: "Keep the title to 100 characters or fewer" });
    expect(errorsOf(page({ description: "" }))).toEqual({ description: "Enter the description" });
    expect(errorsOf(page({ description: "x".repeat(DESCRIPTION_LIMITS.max) }))).toEqual({});
    expect(errorsOf(page({ description: "x".repeat(DESCRIPTION_LIMITS.max + 1) }))).toEqual({ description: "Keep the description to 300 characters or fewer" });
  });

  it("keep the description's 120–160 characters a hint, not a rule: a short one is stored", () => {
    expect(DESCRIPTION_LIMITS).toMatchObject({ hintMin: 120, hintMax: 160 });
    expect(errorsOf(page({ description: "A short description." }))).toEqual({});
  });

  it("refuse a short lead, a long keyword, too many keywords, and a picture without its description", () => {
    expect(errorsOf(page({ lead: "Too short." }))).toEqual({ lead: "Write at least 20 characters for the lead" });
    expect(errorsOf(page({ keywords: ["x".repeat(61)] }))).toEqual({ keywords: "Keep each keyword to 60 characters or fewer" });
    expect(errorsOf(page({ keywords: Array.from({ length: 13 }, (_, i) => `keyword ${i}`) }))).toEqual({ keywords: "Keep to 12 keywords or fewer" });
    expect(errorsOf(page({ image: "gallery/campus-main-building.svg" }))).toEqual({ imageAlt: "Describe the picture" });
    expect(errorsOf(page({ image: "/images/campus.svg", imageAlt: "The main building" }))).toHaveProperty("image");
    expect(errorsOf(page({ person: { name: "Mr. Sample", role: "Principal", image: "people/principal.svg", imageAlt: "" } }))).toEqual({ "person.imageAlt": "Describe the portrait in at least 10 characters" });
  });

  it("put a page at its route: the slug is the path without its slash", () => {
    expect(itemPath("page", "principal")).toBe("/principal");
    expect(itemPath("news", "sports-day")).toBe("/news/sports-day");
    expect(itemPath("notice", "closed")).toBeNull();
  });
});
