/**
 * How the audit log reads to the office (/admin/audit and its CSV): each row's time in IST
 * (en-IN, 12-hour), who and from where, and its changes as "field: old → new" with amounts in
 * rupees, lists joined and instants in IST. Pure.
 */
import { formatDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

/** One audit row as stored (app/db/schema/audit.ts). */
export type AuditRecord = {
  id: number;
  at: Date;
  actorEmail: string;
  ip: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
};

/** One field's change; `before` is null for a creation (the row records what was made). */
export type AuditChange = { field: string; before: string | null; after: string };

export type AuditRowView = {
  id: number;
  time: string;
  who: string;
  address: string | null;
  action: string;
  /** "receipt KVA/2026-27/000042", "fee book 2026-27". */
  what: string;
  changes: AuditChange[];
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** "paidAmountPaise" → "paid amount", "smsTemplateIds.payment_received" → "sms template ids › payment received"; a label with spaces stays. */
export function fieldLabel(field: string): string {
  if (/[\s:]/.test(field)) return field;
  return field
    .split(".")
    .map((part) =>
      part
        .replace(/Paise$/, "")
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .replaceAll("_", " ")
        .toLowerCase(),
    )
    .join(" › ");
}

/** A value as the office reads it: "—" for none, rupees for a `…Paise` amount, IST for an instant; `max` cuts long text with "…". */
export function valueText(field: string, value: unknown, max = Infinity): string {
  const text = plain(field, value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function plain(field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number" && /Paise$/.test(field) && Number.isSafeInteger(value)) return formatRupees(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return ISO_INSTANT.test(value) ? formatDateTime(new Date(value)) : value;
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map((v) => plain(field, v)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const isFields = (side: unknown): side is Record<string, unknown> => side !== null && typeof side === "object" && !Array.isArray(side);

/** The database keeps JSON objects without their key order: status first, then the fields by name. */
function fieldOrder(a: string, b: string): number {
  return Number(b === "status") - Number(a === "status") || fieldLabel(a).localeCompare(fieldLabel(b));
}

/**
 * The row's changes, field by field (status first, then by name); `max` as for valueText. A
 * creation lists what was made (its empty fields left out), a deletion what was removed.
 */
export function changesOf(before: unknown, after: unknown, max = Infinity): AuditChange[] {
  const b = isFields(before) ? before : null;
  const a = isFields(after) ? after : null;
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])]
    .filter((f) => (b && a) || (b ?? a)![f] !== null)
    .sort(fieldOrder);
  return fields.map((f) => ({ field: fieldLabel(f), before: b ? valueText(f, b[f], max) : null, after: valueText(f, a?.[f], max) }));
}

/** "status: new → contacted", or "amount: ₹1,500" for a creation. */
export function changeLine(c: AuditChange): string {
  return c.before === null ? `${c.field}: ${c.after}` : `${c.field}: ${c.before} → ${c.after}`;
}

/** "receipt KVA/2026-27/000042": the kind of thing, and the id the office knows it by. */
export function whatOf(row: Pick<AuditRecord, "entity" | "entityId">): string {
  return [row.entity.replaceAll("_", " "), row.entityId].filter(Boolean).join(" ");
}

/** A longest value the page shows whole (an import's list of admission numbers is cut; the CSV keeps it). */
export const SHOWN_VALUE_MAX = 160;

export function auditRowView(row: AuditRecord): AuditRowView {
  return { id: row.id, time: formatDateTime(row.at), who: row.actorEmail, address: row.ip, action: row.action, what: whatOf(row), changes: changesOf(row.before, row.after, SHOWN_VALUE_MAX) };
}
