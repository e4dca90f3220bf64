import { describe, expect, it } from "vitest";
import { MOBILE_MESSAGE } from "~/lib/phone";
import { SCHOOL_CLASSES } from "#content/school";
import { enquirySchema } from "./schema";

describe("enquirySchema", () => {
  it("lists the SPEC's classes: Nursery, LKG, UKG, Class 1 to Class 12", () => {
    expect(SCHOOL_CLASSES).toHaveLength(15);
    expect(SCHOOL_CLASSES.slice(0, 4)).toEqual(["Nursery", "LKG", "UKG", "Class 1"]);
    expect(SCHOOL_CLASSES.at(-1)).toBe("Class 12");
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
      phone: MOBILE_MESSAGE,
      class: "Please select a class",
      email: "Please enter a valid email address",
    });
  });
});
