/**
 * Verification codes of receipts (DESIGN.md §6): the code in /verify-receipt/{hash}
 * is an HMAC-SHA256 under RECEIPT_SECRET of the receipt's identity (its number and series
 * sequence), cut to 24 base64url characters (144 bits): unguessable and URL-safe. The code is
 * stored with the receipt together with the key id (a fingerprint of the secret that made it), so
 * verification looks the code up and a rotated secret leaves every earlier receipt valid.
 */
import { createHash, createHmac } from "node:crypto";

export const HASH_LENGTH = 24;

/** Short, non-secret fingerprint of a secret: the first 8 hex digits of its SHA-256. */
export function keyIdOf(secret: string): string {
  return createHash("sha256").update(`receipt-key:${secret}`).digest("hex").slice(0, 8);
}

/** The verification code of a receipt, and the id of the key that made it. */
export function verificationCode(secret: string, identity: { number: string; issuedAt: Date }): { hash: string; keyId: string } {
  if (!secret) throw new Error("RECEIPT_SECRET is empty");
  const hash = createHmac("sha256", secret).update(`kva-receipt:v1:${identity.number}:${identity.issuedAt.toISOString()}`).digest("base64url").slice(0, HASH_LENGTH);
  return { hash, keyId: keyIdOf(secret) };
}

/** True when `value` has the shape of a verification code (checked before any database look-up). */
export function isVerificationHash(value: unknown): value is string {
  return typeof value === "string" && value.length === HASH_LENGTH && /^[A-Za-z0-9_-]+$/.test(value);
}
