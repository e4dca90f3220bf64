import { describe, expect, it } from "vitest";
import { ENQUIRY_CLASSES, PHONE_MESSAGE, enquirySchema, isValidMobile, normalisePhone } from "./schema";

describe("normalisePhone", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["+91 98765 43210", "9876543210"],
    ["+91-98765-43210", "9876543210"],
    ["919876543210", "9876543210"],
    ["09876543210", "9876543210"],
    [" (98765) 43210 ", "9876543210"],
  ])("%s → %s", (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });
});

describe("isValidMobile (SPEC §5: 10 digits starting 6-9)", () => {
  it("accepts every leading digit 6 to 9 and nothing else", () => {
    for (const d of "6789") expect(isValidMobile(`${d}000000000`)).toBe(true);
    for (const d of "012345") expect(isValidMobile(`${d}000000000`)).toBe(false);
  });
  it("rejects wrong lengths and letters", () => {
    expect(isValidMobile("987654321")).toBe(false);
    expect(isValidMobile("98765432101")).toBe(false);
    expect(isValidMobile("98765abcde")).toBe(false);
    expect(isValidMobile("")).toBe(false);
  });
});

describe("enquirySchema", () => {
  it("lists the SPEC's classes: Nursery, LKG, UKG, Class 1 to Class 12", () => {
    expect(ENQUIRY_CLASSES).toHaveLength(15);
    expect(ENQUIRY_CLASSES.slice(0, 4)).toEqual(["Nursery", "LKG", "UKG", "Class 1"]);
    expect(ENQUIRY_CLASSES.at(-1)).toBe("Class 12");
  });

  it("trims and normalises a valid enquiry; e-mail is optional", () => {
    expect(enquirySchema.parse({ name: "  Ananya   Ghosh ", phone: "+91 98765 43210", class: "LKG" })).toEqual({
      name: "Ananya Ghosh",
      phone: "9876543210",
      class: "LKG",
    });
    expect(enquirySchema.parse({ name: "A", phone: "9876543210", class: "Class 12", email: " Parent@Example.COM " }).email).toBe("parent@example.com");
  });

  it("rejects each field with its message", () => {
    const result = enquirySchema.safeParse({ name: "   ", phone: "12345", class: "Class 13", email: "not-an-email" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      name: "Please enter your name",
      phone: PHONE_MESSAGE,
      class: "Please select a class",
      email: "Please enter a valid email address",
    });
  });
});
