/**
 * Short-lived signed tokens: `<subject>.<expires ms>.<mac>`, where the mac is the first 32
 * characters (192 bits) of the base64url HMAC-SHA256 of `<purpose>:<subject>:<expires>` under a
 * server secret. The purpose is signed but not written, so a token made for one use (a receipt
 * download link) is refused by another (the fee page's found student) even under one secret.
 * Used where a printed, guessable number must not be an access key on its own (DESIGN.md §6).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Every use of a token, as signed; a new use takes a new name here. */
export type TokenPurpose = "kva-receipt-download" | "kva-fees-student" | "kva-messages-stop" | "kva-fees-family" | "kva-staff-invitation";

/** What a token may name: letters, digits, "_" and "-" (a database id, a public id). */
const SUBJECT = /^[A-Za-z0-9_-]{1,64}$/;
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.(\d{13})\.([A-Za-z0-9_-]{32})$/;

function mac(secret: string, purpose: TokenPurpose, subject: string, expires: number): string {
  return createHmac("sha256", secret).update(`${purpose}:${subject}:${expires}`).digest("base64url").slice(0, 32);
}

/** A token naming `subject` for `purpose`, valid `ttlMs` from `now`. Throws on a subject it cannot carry. */
export function signToken(secret: string, purpose: TokenPurpose, subject: string | number, ttlMs: number, now = new Date()): string {
  const s = String(subject);
  if (!SUBJECT.test(s)) throw new Error(`A token cannot name "${s}"`);
  const expires = now.getTime() + ttlMs;
  return `${s}.${expires}.${mac(secret, purpose, s, expires)}`;
}

/**
 * The subject of a token made for `purpose` under `secret`, or null when it is malformed,
 * forged, made for another purpose or expired (valid up to and including its expiry ms).
 * The mac is compared in constant time.
 */
export function readToken(secret: string, purpose: TokenPurpose, token: string, now = new Date()): string | null {
  return readSignedToken(secret, purpose, token, now)?.subject ?? null;
}

/** readToken's subject with the token's expiry (ms since the epoch), or null as readToken. */
export function readSignedToken(secret: string, purpose: TokenPurpose, token: string, now = new Date()): { subject: string; expiresMs: number } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const [, subject, expiresText, given] = m as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  const want = Buffer.from(mac(secret, purpose, subject, expires));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got) && expires >= now.getTime() ? { subject, expiresMs: expires } : null;
}

/** The database id (1 to 10 digits) a token names for `purpose`, or null as readToken. */
export function readIdToken(secret: string, purpose: TokenPurpose, token: string, now = new Date()): number | null {
  const subject = readToken(secret, purpose, token, now);
  return subject !== null && /^\d{1,10}$/.test(subject) ? Number(subject) : null;
}
