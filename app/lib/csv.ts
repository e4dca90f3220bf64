/**
 * CSV files for spreadsheets (RFC 4180): UTF-8 with a byte-order mark so Excel opens it with the
 * right characters, CRLF line ends, and cells that a spreadsheet would run as a formula prefixed
 * with an apostrophe (OWASP "CSV Injection").
 */

/** One CSV cell: quoted when needed, formula-looking text neutralised. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The whole file: BOM, then one CRLF-terminated line per row (the header is the first row). */
export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return "\uFEFF" + rows.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
