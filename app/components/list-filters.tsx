/**
 * The filter form above an admin list: a white card of labelled controls in a grid (search,
 * selects, dates: DenseField of field.tsx), then Apply filters and Clear. It submits with GET, so the filters live in the URL.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "./button";

/** The grid's column count on wide screens, and the class that makes a row span all of them. */
const COLUMNS = {
  6: { grid: "lg:grid-cols-6", row: "lg:col-span-6" },
  7: { grid: "lg:grid-cols-7", row: "lg:col-span-7" },
} as const;

export type FilterColumns = keyof typeof COLUMNS;

/** The class of a row that spans the whole form (a checkbox line). */
export function fullRowClass(columns: FilterColumns): string {
  return `sm:col-span-2 ${COLUMNS[columns].row}`;
}

export function FilterForm({ columns, clearHref, children }: { columns: FilterColumns; clearHref: string; children: ReactNode }) {
  return (
    <Form method="get" className={`mt-5 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 ${COLUMNS[columns].grid}`}>
      {children}
      <div className={`flex gap-2 ${fullRowClass(columns)}`}>
        <Button size="sm">Apply filters</Button>
        <Link to={clearHref} className={buttonClass({ variant: "ghost", size: "sm" })}>Clear</Link>
      </div>
    </Form>
  );
}
