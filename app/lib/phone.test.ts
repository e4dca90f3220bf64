import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MOBILE_MESSAGE, MOBILE_PATTERN, isValidMobile, mobileSchema, normaliseMobile, optionalMobileSchema } from "./phone";

/** A valid mobile's 10 digits: the first 6-9 (SPEC §5). */
const validNumber = fc.tuple(fc.constantFrom("6", "7", "8", "9"), fc.stringMatching(/^\d{9}$/)).map(([first, rest]) => first + rest);

/** Ways parents write the country or trunk prefix. */
const prefix = fc.constantFrom("", "+91", "+91 ", "+91-", "+ 91 ", "(+91) ", "91", "91 ", "91-", "0", "0 ", "0091 ", "0091");
const separator = fc.constantFrom("", "", " ", "  ", "-", " - ", ".", "\u00a0", "\u2013");

/** `digits` written as a parent might: a prefix, groups split by separators, maybe one group in brackets, stray spaces around. */
const formatted = (digits: fc.Arbitrary<string>) =>
  fc
    .record({
      digits,
      prefix,
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }),
      separators: fc.array(separator, { minLength: 3, maxLength: 3 }),
      bracketFirst: fc.boolean(),
      padding: fc.constantFrom("", " ", "  "),
    })
    .map(({ digits, prefix, cuts, separators, bracketFirst, padding }) => {
      const bounds = [0, ...cuts.filter((c) => c < digits.length).sort((a, b) => a - b), digits.length];
      const groups = bounds.slice(1).map((end, i) => digits.slice(bounds[i], end));
      if (bracketFirst && groups.length > 1) groups[0] = `(${groups[0]})`;
      return padding + prefix + groups.map((g, i) => (i === 0 ? g : separators[i - 1] + g)).join("") + padding;
    });

describe("normaliseMobile and isValidMobile (SPEC §5: 10 digits starting 6-9)", () => {
  it("gives the same 10 digits for every way of writing a valid number", () => {
    fc.assert(
      fc.property(validNumber, fc.context(), (number, ctx) => {
        fc.assert(
          fc.property(formatted(fc.constant(number)), (typed) => {
            ctx.log(typed);
            expect(normaliseMobile(typed)).toBe(number);
            expect(isValidMobile(typed)).toBe(true);
            expect(mobileSchema.parse(typed)).toBe(number);
          }),
          { numRuns: 20 },
        );
      }),
      { numRuns: 50 },
    );
  });

  it("refuses a number whose first digit is 0-5, however it is written", () => {
    const badFirst = fc.tuple(fc.constantFrom("0", "1", "2", "3", "4", "5"), fc.stringMatching(/^\d{9}$/)).map(([first, rest]) => first + rest);
    fc.assert(
      fc.property(formatted(badFirst), (typed) => {
        expect(isValidMobile(typed)).toBe(false);
        expect(mobileSchema.safeParse(typed).error?.issues[0]?.message).toBe(MOBILE_MESSAGE);
      }),
    );
  });

  it("refuses too few or too many digits, letters and other symbols", () => {
    const tooShort = fc.stringMatching(/^[6-9]\d{0,8}$/);
    // 11 to 15 digits, except a 91 before a valid number (the country code without its +).
    const tooLong = fc.stringMatching(/^[6-9]\d{10,14}$/).filter((d) => !/^91[6-9]\d{9}$/.test(d));
    fc.assert(fc.property(fc.oneof(tooShort, tooLong), (digits) => {
        expect(isValidMobile(digits)).toBe(false);
      }));
    fc.assert(
      fc.property(validNumber, fc.integer({ min: 0, max: 9 }), fc.constantFrom("a", "O", "x", "#", "/", "*", "+", ","), (number, at, junk) => {
        expect(isValidMobile(number.slice(0, at) + junk + number.slice(at))).toBe(false);
      }),
    );
    for (const raw of ["", "   ", "+91", "+92 98765 43210", "1 98765 43210", "00 98765 43210", "+91 0 98765 43210", "98765 43210 ext 1"]) {
      expect(isValidMobile(raw), raw).toBe(false);
    }
  });

  it("agrees with the written-out rule on any string of digits and separators", () => {
    const rule = /^(?:\+91|0091|91|0)?[6-9]\d{9}$/;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789+-() ."), maxLength: 20 }), (typed) => {
        const compact = typed.replace(/[\s.()-]/g, "");
        expect(isValidMobile(typed)).toBe(rule.test(compact));
        if (isValidMobile(typed)) expect(normaliseMobile(typed)).toMatch(MOBILE_PATTERN);
      }),
    );
  });

  it("spells the examples out", () => {
    expect(normaliseMobile("+91 98765-43210")).toBe("9876543210");
    expect(normaliseMobile("098765 43210")).toBe("9876543210");
    expect(normaliseMobile("919876543210")).toBe("9876543210");
    expect(normaliseMobile(" (98765) 43210 ")).toBe("9876543210");
    // A 10-digit number that happens to start with 91 or 0 keeps its digits.
    expect(normaliseMobile("9187654321")).toBe("9187654321");
  });
});

describe("optionalMobileSchema", () => {
  it("lets a blank or missing field through and checks anything typed", () => {
    expect(optionalMobileSchema.parse(undefined)).toBeUndefined();
    expect(optionalMobileSchema.parse("  ")).toBe("");
    expect(optionalMobileSchema.parse("+91 98765-43210")).toBe("9876543210");
    expect(optionalMobileSchema.safeParse("12345").error?.issues[0]?.message).toBe(MOBILE_MESSAGE);
  });
});
