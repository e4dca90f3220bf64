/**
 * The family pay link of a fee reminder, /fees/family/<token>: signed and expiring
 * (app/lib/signed-token.server.ts, purpose "kva-fees-family", RECEIPT_SECRET), naming the
 * parent's mobile without showing it. The token's subject is the 10 digits sealed as one AES
 * block under a key derived from the secret (a keyed permutation: the same mobile always seals
 * the same way, nobody without the secret reads it back); the token's HMAC is what makes it
 * unforgeable. Whoever holds the link sees masked names and dues and can pay them, nothing more
 * (docs/decisions/023-family-payments.md).
 */
import { createCipheriv, createDecipheriv, createHmac } from "node:crypto";
import { getConfig } from "~/lib/config.server";
import { MOBILE_PATTERN, normaliseMobile } from "~/lib/phone";
import { readToken, signToken } from "~/lib/signed-token.server";

/** How long a reminder's link works: 14 days (two weekly reminders). */
export const FAMILY_LINK_MS = 14 * 86_400_000;

/** Where a family's link leads. */
export const FAMILY_PATH_PREFIX = "/fees/family/";

function sealKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("kva-fees-family:seal-key:v1").digest();
}

function seal(secret: string, mobile: string): string {
  const block = Buffer.alloc(16);
  block.write(mobile, "ascii");
  const cipher = createCipheriv("aes-256-ecb", sealKey(secret), null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]).toString("base64url");
}

function unseal(secret: string, sealed: string): string | null {
  const block = Buffer.from(sealed, "base64url");
  if (block.length !== 16) return null;
  const decipher = createDecipheriv("aes-256-ecb", sealKey(secret), null).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(block), decipher.final()]);
  const mobile = plain.subarray(0, 10).toString("ascii");
  return MOBILE_PATTERN.test(mobile) && plain.subarray(10).every((b) => b === 0) ? mobile : null;
}

/**
 * The token of a family's pay link: `mobile` (any formatting; normalised) valid until
 * `expiresAt`. Throws RangeError for a number that is not a valid Indian mobile or an expiry
 * not after `now`. `secret` defaults to RECEIPT_SECRET.
 */
export function familyPayToken(mobile: string, expiresAt: Date, secret = getConfig().receiptSecret, now = new Date()): string {
  const digits = normaliseMobile(mobile);
  if (!MOBILE_PATTERN.test(digits)) throw new RangeError("A family link needs a valid 10-digit mobile number");
  const ttl = expiresAt.getTime() - now.getTime();
  if (ttl <= 0) throw new RangeError("A family link must expire after now");
  return signToken(secret, "kva-fees-family", seal(secret, digits), ttl, now);
}

/** The path of a family's pay link: "/fees/family/<token>" (familyPayToken's arguments and errors). */
export function familyPayPath(mobile: string, expiresAt: Date, secret = getConfig().receiptSecret, now = new Date()): string {
  return `${FAMILY_PATH_PREFIX}${familyPayToken(mobile, expiresAt, secret, now)}`;
}

/**
 * The mobile (10 digits) a family link's token names, or null when it is malformed, forged,
 * made for another purpose or expired. Never throws.
 */
export function readFamilyPayToken(token: string, secret = getConfig().receiptSecret, now = new Date()): string | null {
  const sealed = readToken(secret, "kva-fees-family", token, now);
  return sealed === null ? null : unseal(secret, sealed);
}
