import { describe, expect, it } from "vitest";
import { SCHOOL_CLASSES } from "./school";

describe("SCHOOL_CLASSES", () => {
  it("lists the fifteen classes youngest first, as every form and the roll name them", () => {
    expect(SCHOOL_CLASSES).toEqual(["Nursery", "LKG", "UKG", "Class 1", "Class 2", "Class 3", "Class 4", "Class 5", "Class 6", "Class 7", "Class 8", "Class 9", "Class 10", "Class 11", "Class 12"]);
  });
});
