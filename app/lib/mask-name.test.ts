import { describe, expect, it } from "vitest";
import { maskName } from "./mask-name";

describe("maskName", () => {
  it("keeps each word's first letter and hides the rest with 1 to 6 asterisks", () => {
    expect(maskName("Rahul Kumar")).toBe("R**** K****");
    expect(maskName("  riya   kumari ")).toBe("R*** K*****");
    expect(maskName("A")).toBe("A*");
    expect(maskName("Venkataraghavan Iyer")).toBe("V****** I***");
    expect(maskName("Śrī")).toBe("Ś**");
  });
});
