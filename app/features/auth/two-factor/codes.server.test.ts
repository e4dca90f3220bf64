/** What the code field accepts, and how the set-up page shows and checks an otpauth:// URI. */
import { describe, expect, it } from "vitest";
import { isTotpUriFor, secretForTyping } from "./set-up.server";
import { newRecoveryCodes, recoveryCodeCandidates } from "./recovery-codes";
import { readCode } from "./sign-in.server";

const URI = "otpauth://totp/Kharagpur%20Vidya%20Academy:owner%40school.example?secret=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567AB&issuer=Kharagpur%20Vidya%20Academy&digits=6&period=30";

describe("the code field", () => {
  it("reads six digits as a TOTP code, spaces and all", () => {
    expect(readCode("123456")).toEqual({ kind: "totp", code: "123456" });
    expect(readCode(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
  });
  it("reads ten letters and digits as a recovery code, with or without its dash, keeping case", () => {
    expect(readCode("aB3dE-fG5hJ")).toEqual({ kind: "recovery", code: "aB3dE-fG5hJ" });
    expect(readCode("aB3dEfG5hJ")).toEqual({ kind: "recovery", code: "aB3dE-fG5hJ" });
  });
  it("tries a recovery code typed in capitals in lower case first, and as typed for a code made before", () => {
    expect(recoveryCodeCandidates("abcde-23456")).toEqual(["abcde-23456"]);
    expect(recoveryCodeCandidates("ABCDE-23456")).toEqual(["abcde-23456", "ABCDE-23456"]);
  });
  it("makes ten distinct recovery codes without look-alike characters", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });
  it("refuses anything else", () => {
    for (const input of ["", "12345", "1234567", "abcde-fghi", "abc!e-fghij", "x".repeat(200)]) expect(readCode(input)).toBeNull();
  });
});

describe("the set-up page's URI", () => {
  it("shows the key in groups of four", () => {
    expect(secretForTyping(URI)).toBe("ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567 AB");
  });
  it("takes back only a TOTP URI for the signed-in person", () => {
    expect(isTotpUriFor(URI, "owner@school.example")).toBe(true);
    expect(isTotpUriFor(URI, "other@school.example")).toBe(false);
    expect(isTotpUriFor(URI.replace("totp", "hotp"), "owner@school.example")).toBe(false);
    expect(isTotpUriFor(URI.replace(/secret=[^&]*/, "secret="), "owner@school.example")).toBe(false);
    expect(isTotpUriFor("not a uri", "owner@school.example")).toBe(false);
  });
});
