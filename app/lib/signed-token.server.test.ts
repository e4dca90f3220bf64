/**
 * Signed tokens: a valid token gives its subject back until its expiry; a tampered, expired,
 * foreign-purpose or foreign-secret token gives null; and the layout stays the one links already
 * handed out carry (`<id>.<expires ms>.<32 characters of HMAC>`).
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readIdToken, readSignedToken, readToken, signToken } from "./signed-token.server";

const SECRET = "test-secret-0123456789abcdefghijklmnop";
const now = new Date("2026-04-10T09:35:00Z");
const TTL = 15 * 60_000;

describe("signed tokens", () => {
  it("gives the subject back until the expiry, and null a millisecond after", () => {
    const token = signToken(SECRET, "kva-receipt-download", 42, TTL, now);
    expect(readIdToken(SECRET, "kva-receipt-download", token, now)).toBe(42);
    expect(readIdToken(SECRET, "kva-receipt-download", token, new Date(now.getTime() + TTL))).toBe(42);
    expect(readIdToken(SECRET, "kva-receipt-download", token, new Date(now.getTime() + TTL + 1))).toBeNull();
    expect(readToken(SECRET, "kva-fees-student", signToken(SECRET, "kva-fees-student", "ab_C-9", TTL, now), now)).toBe("ab_C-9");
    expect(readSignedToken(SECRET, "kva-fees-student", signToken(SECRET, "kva-fees-student", "ab_C-9", TTL, now), now)).toEqual({ subject: "ab_C-9", expiresMs: now.getTime() + TTL });
    expect(readSignedToken(SECRET, "kva-fees-student", `ab_C-9.${now.getTime() + TTL + 60_000}.${"x".repeat(32)}`, now)).toBeNull();
  });

  it("refuses a token made for another purpose or under another secret", () => {
    const token = signToken(SECRET, "kva-fees-student", 7, TTL, now);
    expect(readIdToken(SECRET, "kva-receipt-download", token, now)).toBeNull();
    expect(readIdToken("another-secret-0123456789abcdefghij", "kva-fees-student", token, now)).toBeNull();
  });

  it("refuses a tampered subject, expiry or mac, and anything malformed", () => {
    const token = signToken(SECRET, "kva-receipt-download", 42, TTL, now);
    const [, expires, mac] = token.split(".") as [string, string, string];
    expect(readIdToken(SECRET, "kva-receipt-download", `43.${expires}.${mac}`, now)).toBeNull();
    expect(readIdToken(SECRET, "kva-receipt-download", `42.${Number(expires) + 60_000}.${mac}`, now)).toBeNull();
    expect(readIdToken(SECRET, "kva-receipt-download", `42.${expires}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`, now)).toBeNull();
    for (const bad of ["", "42", "../../etc/passwd", `42.${expires}.${mac}.x`, `4 2.${expires}.${mac}`, `42.${expires}.${mac.slice(1)}`]) {
      expect(readToken(SECRET, "kva-receipt-download", bad, now), bad).toBeNull();
    }
    expect(() => signToken(SECRET, "kva-receipt-download", "a.b", TTL, now)).toThrow();
  });

  it("keeps the layout of links already handed out", () => {
    const expires = now.getTime() + TTL;
    const mac = createHmac("sha256", SECRET).update(`kva-receipt-download:42:${expires}`).digest("base64url").slice(0, 32);
    expect(signToken(SECRET, "kva-receipt-download", 42, TTL, now)).toBe(`42.${expires}.${mac}`);
    expect(readIdToken(SECRET, "kva-receipt-download", `42.${expires}.${mac}`, now)).toBe(42);
  });
});
