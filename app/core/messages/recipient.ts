/**
 * A message's address as the outbox stores it and as a parent who only holds a link may see it.
 * An e-mail is kept lower-cased, a mobile as its 10 digits (app/lib/phone.ts), so an opt-out
 * recorded from a link, an SMS STOP or the office matches what the outbox compares. Pure.
 */
import { normaliseMobile } from "~/lib/phone";

/** "Anita@Example.com " → "anita@example.com"; "+91 98765-43210" → "9876543210". */
export function normaliseRecipient(address: string): string {
  const trimmed = address.trim();
  return trimmed.includes("@") ? trimmed.toLowerCase() : normaliseMobile(trimmed);
}

/**
 * What the stop page shows of an address: "a****@e******.com", "******3210". Enough for a
 * parent to recognise their own, little for whoever else opens the link.
 */
export function maskRecipient(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 0) return address.length > 4 ? `${"*".repeat(Math.min(address.length - 4, 6))}${address.slice(-4)}` : "****";
  const hide = (part: string) => (part.length <= 1 ? "*" : `${part[0]}${"*".repeat(Math.min(part.length - 1, 6))}`);
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  return `${hide(local)}@${dot > 0 ? `${hide(domain.slice(0, dot))}${domain.slice(dot)}` : hide(domain)}`;
}
