/**
 * What an audit row keeps of a change (issue 27): only the fields that differ, before and after.
 * Dates become ISO strings (UTC) and undefined becomes absent, so rows compare and print plainly.
 */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };
export type AuditFields = Record<string, AuditValue>;

/** A value as JSON would keep it: Dates as ISO strings, undefined dropped, bigint as text. */
export function auditValue(value: unknown): AuditValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(auditValue);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).map(([k, v]) => [k, auditValue(v)]));
  }
  return value as string | number | boolean;
}

/**
 * The fields of `before` and `after` whose values differ (deeply), as two objects holding just
 * those fields; a field missing on one side is null there. Either side may be null (a creation
 * or a deletion): then the other side is kept whole.
 */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): { before: AuditFields | null; after: AuditFields | null } {
  const b = before ? (auditValue(before) as AuditFields) : null;
  const a = after ? (auditValue(after) as AuditFields) : null;
  if (!b || !a) return { before: b, after: a };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null));
  return { before: Object.fromEntries(keys.map((k) => [k, b[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, a[k] ?? null])) };
}

/**
 * A settings-like record with its nested objects spread into dotted keys ("reminders.hour"),
 * so a change to one nested field is kept as that field alone instead of its whole parent.
 * Arrays stay whole values; Dates and other leaves as auditValue makes them.
 */
export function flattenFields(value: Record<string, unknown>, prefix = ""): AuditFields {
  const out: AuditFields = {};
  for (const [key, v] of Object.entries(auditValue(value) as AuditFields)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (v !== null && typeof v === "object" && !Array.isArray(v)) Object.assign(out, flattenFields(v, name));
    else out[name] = v;
  }
  return out;
}
