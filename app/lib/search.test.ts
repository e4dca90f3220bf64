import { describe, expect, it } from "vitest";
import { containsPattern, escapeLike, typedMobile } from "./search";

describe("search", () => {
  it("escapes LIKE's wildcards so they are matched as typed", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
  });
  it("reads a mobile however it is written, and nothing else as one", () => {
    expect(typedMobile("+91 98765 43210")).toBe("9876543210");
    expect(typedMobile("098765-43210")).toBe("9876543210");
    expect(typedMobile("0091 9876543210")).toBe("9876543210");
    expect(typedMobile("43210")).toBe("43210");
    expect(typedMobile("987")).toBeNull();
    expect(typedMobile("KVA/2019/0317")).toBeNull();
    expect(typedMobile("Riya")).toBeNull();
  });
});
