import { describe, expect, it } from "vitest";
import { payableIdOf, payableKey } from "./identifiers";

describe("payable keys", () => {
  it("reads back the id it wrote, colons and all", () => {
    expect(payableIdOf(payableKey("student", "42:2026-27"), "student")).toBe("42:2026-27");
    expect(payableKey("application", "Xy3")).toBe("application:Xy3");
  });

  it("refuses a key of another kind, or one that only starts with the kind's letters", () => {
    expect(payableIdOf("sample:two-months", "application")).toBeNull();
    expect(payableIdOf("applications:abc", "application")).toBeNull();
  });
});
