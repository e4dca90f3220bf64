/** The family pay link's token: round trip, expiry, forgery, another purpose, and no mobile in clear. */
import { describe, expect, it } from "vitest";
import { signToken } from "~/lib/signed-token.server";
import { familyPayPath, familyPayToken, readFamilyPayToken } from "./family-link.server";

const SECRET = "test-receipt-secret-0123456789abcdef";
const now = new Date("2026-05-08T04:00:00Z");
const in14 = new Date(now.getTime() + 14 * 86_400_000);

describe("familyPayToken", () => {
  it("names the normalised mobile until it expires, without showing it", () => {
    const token = familyPayToken("+91 90000-00022", in14, SECRET, now);
    expect(token).not.toContain("9000000022");
    expect(readFamilyPayToken(token, SECRET, now)).toBe("9000000022");
    expect(readFamilyPayToken(token, SECRET, in14)).toBe("9000000022");
    expect(readFamilyPayToken(token, SECRET, new Date(in14.getTime() + 1))).toBeNull();
    expect(familyPayPath("9000000022", in14, SECRET, now)).toBe(`/fees/family/${token}`);
    // The same mobile seals the same way; another does not.
    expect(token.split(".")[0]).toBe(familyPayToken("09000000022", in14, SECRET, now).split(".")[0]);
    expect(token.split(".")[0]).not.toBe(familyPayToken("9000000023", in14, SECRET, now).split(".")[0]);
  });

  it("refuses a forged, altered, foreign-secret or other-purpose token", () => {
    const token = familyPayToken("9000000022", in14, SECRET, now);
    const [subject, expires, mac] = token.split(".") as [string, string, string];
    expect(readFamilyPayToken(`${subject}.${Number(expires) + 86_400_000}.${mac}`, SECRET, now)).toBeNull();
    expect(readFamilyPayToken(`${familyPayToken("9000000023", in14, SECRET, now).split(".")[0]}.${expires}.${mac}`, SECRET, now)).toBeNull();
    expect(readFamilyPayToken(token, "another-secret-0123456789abcdef0123", now)).toBeNull();
    // A fee-page student token over the same subject is not a family link.
    expect(readFamilyPayToken(signToken(SECRET, "kva-fees-student", subject, 60_000, now), SECRET, now)).toBeNull();
    expect(readFamilyPayToken("garbage", SECRET, now)).toBeNull();
  });

  it("throws for an invalid mobile or an expiry in the past", () => {
    expect(() => familyPayToken("12345", in14, SECRET, now)).toThrow(RangeError);
    expect(() => familyPayToken("9000000022", now, SECRET, now)).toThrow(RangeError);
  });
});
