/**
 * Gateway payloads as they are kept in `payment_events`: secrets removed, and a key
 * that is the same for a message and its replays.
 */
import { createHash } from "node:crypto";

const SECRET_NAME = /secret|password|passwd|token|cvv|card_?number|aes_?key|^key$/i;
const MAX_STRING = 4000;

/**
 * A copy of `value` without fields whose names suggest a secret (replaced by "[removed]") and
 * with very long strings cut, so a stored event never holds a key or a card number.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return "[too deep]";
  if (typeof value === "string") {
    // PostgreSQL's jsonb refuses NUL characters.
    const text = value.replaceAll("\u0000", "");
    return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…` : text;
  }
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redact(v, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll("\u0000", ""), SECRET_NAME.test(k) ? "[removed]" : redact(v, depth + 1)]));
  }
  return value;
}

export function redactRecord(value: Record<string, unknown>): Record<string, unknown> {
  return redact(value) as Record<string, unknown>;
}

/** "<provider>:<kind>:<sha256 of the fields in name order>": equal for a message and its replays. */
export function messageKey(provider: string, kind: string, fields: Record<string, string>): string {
  const canonical = JSON.stringify(Object.keys(fields).sort().map((k) => [k, fields[k]]));
  return `${provider}:${kind}:${createHash("sha256").update(canonical).digest("hex")}`;
}
