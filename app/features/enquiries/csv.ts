/**
 * CSV export of enquiries (RFC 4180), UTF-8 with a byte-order mark so Excel opens it with the
 * right characters. Cells that a spreadsheet would run as a formula are prefixed with an
 * apostrophe (OWASP "CSV Injection").
 */
import { formatDateTime } from "~/lib/dates";

export type CsvEnquiry = {
  id: number;
  createdAt: Date;
  name: string;
  phone: string;
  class: string;
  email: string | null;
  status: string;
  sourcePage: string | null;
  note: string | null;
  contactedAt: Date | null;
};

const HEADER = ["ID", "Received (IST)", "Name", "Phone", "Class", "Email", "Status", "Page", "Note", "Contacted (IST)"];

/** One CSV cell: quoted when needed, formula-looking text neutralised. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The whole file: BOM, header row and one row per enquiry, CRLF line ends. */
export function enquiriesCsv(rows: readonly CsvEnquiry[]): string {
  const lines = [HEADER, ...rows.map((r) => [
    r.id,
    formatDateTime(r.createdAt),
    r.name,
    r.phone,
    r.class,
    r.email,
    r.status,
    r.sourcePage,
    r.note,
    r.contactedAt ? formatDateTime(r.contactedAt) : "",
  ])];
  return "\uFEFF" + lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
