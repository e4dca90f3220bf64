/** CSV export of enquiries (RFC 4180 with a BOM and formula-safe cells: app/lib/csv.ts). */
import { csvDocument } from "~/lib/csv";
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
  return csvDocument(lines);
}
