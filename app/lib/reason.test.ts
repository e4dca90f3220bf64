import { describe, expect, it } from "vitest";
import { checkReason, REASON_MESSAGE, reasonSchema } from "./reason";

describe("a refund or cancellation reason", () => {
  it("is trimmed and must be 3 to 500 characters after trimming", () => {
    expect(checkReason("  Wrong counter entry \n")).toBe("Wrong counter entry");
    expect(checkReason("abc")).toBe("abc");
    expect(checkReason("x".repeat(500))).toBe("x".repeat(500));
    expect(() => checkReason("  ab  ")).toThrow(new RangeError("Give a reason of 3 to 500 characters"));
    expect(() => checkReason("x".repeat(501))).toThrow(RangeError);
  });

  it("gives the same answer as a schema, with the message the forms show", () => {
    expect(reasonSchema.safeParse(" ok? ").data).toBe("ok?");
    const refused = reasonSchema.safeParse("no");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(REASON_MESSAGE);
  });
});
