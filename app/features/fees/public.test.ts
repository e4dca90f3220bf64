import { describe, expect, it } from "vitest";
import { sampleFeeBook } from "./sample";
import { classGroupLabel, publicFeeBook } from "./public";

describe("classGroupLabel", () => {
  it("names runs of classes, single classes and scattered ones", () => {
    expect(classGroupLabel(["Nursery", "LKG", "UKG"])).toBe("Nursery – UKG");
    expect(classGroupLabel(["Class 3", "Class 1", "Class 2"])).toBe("Classes 1 – 3");
    expect(classGroupLabel(["UKG", "Class 1"])).toBe("UKG – Class 1");
    expect(classGroupLabel(["Class 10"])).toBe("Class 10");
    expect(classGroupLabel(["Class 8", "Class 6"])).toBe("Class 6, Class 8");
  });
});

describe("publicFeeBook", () => {
  it("names the session and says so when the book is not the one parents are reading about", () => {
    expect(publicFeeBook(sampleFeeBook("2027-28"), "2027-28")).toMatchObject({ session: "2027–28", notice: null });
    expect(publicFeeBook(sampleFeeBook("2027-28"), null).notice).toBeNull();
    expect(publicFeeBook(sampleFeeBook("2026-27"), "2027-28").notice).toBe("Fees for session 2026–27; the 2027–28 fees will be published here.");
  });
});
