/** The dashboard's building blocks: a titled panel, its error message, CSV links and data tables. */
import type { ReactNode } from "react";
import type { DateRange } from "../figures/ranges";
import { renderTable, type TableId, type TableSource } from "./tables";

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** A white card with a heading; `action` sits at the heading's right (e.g. a CSV link). */
export function Panel({ title, action, children, className = "", testId }: { title: string; action?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  const id = `panel-${slug(title)}`;
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ${className}`} data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id} className="text-base font-bold text-brand-800">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A panel's failure, in the SPEC §8 wording the server gave. */
export function PanelError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="panel-error">
      {message}
    </p>
  );
}

/** A link that downloads one table of the range as CSV. */
export function CsvLink({ table, range, label = "CSV" }: { table: TableId; range: DateRange; label?: string }) {
  return (
    <a
      href={`/admin/analytics/export?range=${range}&table=${table}`}
      download
      className="rounded-md border border-slate-300 px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-slate-50"
      data-testid={`csv-${table}`}
    >
      {label}
      <span className="sr-only"> export of {table === "daily" ? "the daily series" : `this table`}</span>
    </a>
  );
}

/**
 * One dashboard table (tables.ts) inside a horizontal scroller, so a wide table never widens the
 * page on a phone; `empty` is shown instead when there are no rows.
 */
export function DataTable({ table, source, caption, empty = "No visits in this period.", captionHidden = false }: { table: TableId; source: TableSource; caption: string; empty?: string; captionHidden?: boolean }) {
  const rendered = renderTable(table, source);
  if (!rendered) return null;
  if (rendered.rows.length === 0) return <p className="py-4 text-sm text-slate-600" data-testid={`empty-${table}`}>{empty}</p>;
  return (
    <div className="-mx-4 overflow-x-auto px-4">
      <table className="w-full border-collapse text-sm" data-testid={`table-${table}`}>
        <caption className={captionHidden ? "sr-only" : "mb-2 text-left text-xs text-slate-600"}>{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-600">
            {rendered.headers.map((h, i) => (
              <th key={h} scope="col" className={`whitespace-nowrap px-2 py-1.5 font-semibold ${rendered.numeric[i] ? "text-right" : ""}`}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rendered.rows.map((cells, r) => (
            <tr key={r} className="border-b border-slate-100 last:border-0">
              {cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="max-w-[16rem] break-words px-2 py-1.5 text-left font-medium text-slate-900">{cell}</th>
                ) : (
                  <td key={i} className={`px-2 py-1.5 ${rendered.numeric[i] ? "whitespace-nowrap text-right tabular-nums" : "text-slate-800"}`}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
