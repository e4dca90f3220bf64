/**
 * The audit log as CSV (/admin/audit/export, the page's filters): one line per change with its
 * time in IST and in UTC (exact, sortable), who, from where, the action, what it was done to,
 * the changes as the page reads them, and before and after as JSON (app/lib/csv.ts: BOM,
 * formula-safe cells).
 */
import { csvDocument } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { changeLine, changesOf, type AuditRecord } from "./view";

export const AUDIT_CSV_HEADER = ["Time (IST)", "Time (UTC)", "Who", "Address", "Action", "Entity", "Id", "Changes", "Before (JSON)", "After (JSON)"];

export function auditCsv(rows: readonly AuditRecord[]): string {
  return csvDocument([
    AUDIT_CSV_HEADER,
    ...rows.map((r) => [
      formatDateTime(r.at),
      r.at.toISOString(),
      r.actorEmail,
      r.ip,
      r.action,
      r.entity,
      r.entityId,
      changesOf(r.before, r.after).map(changeLine).join("; "),
      r.before === null ? "" : JSON.stringify(r.before),
      r.after === null ? "" : JSON.stringify(r.after),
    ]),
  ]);
}
