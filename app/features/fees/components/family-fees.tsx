/**
 * The family's pay page (/fees/family/<token>), opened from a fee reminder: each child's masked
 * name and class, every school and bus fee owed (months, heads, late fees), a box for each month
 * (all ticked at first), the total and one Pay button. A plain form: without JavaScript "See the
 * total" prices what is ticked on the server; with it the total follows the ticks at once, and
 * ticking a month ticks the older ones of its fee (unticking, the newer ones): months are paid
 * oldest first, without a gap. The server re-prices
 * everything before paying (docs/decisions/023-family-payments.md).
 */
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { school } from "#content/school";
import { Button, buttonClass } from "~/components/button";
import { formatDisplayDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { useHydrated } from "~/lib/use-hydrated";
import { monthPick } from "../family";
import type { FamilyPageData } from "../family-page.server";

type Dues = Extract<FamilyPageData, { kind: "dues" }>;

export function FamilyLinkInvalid() {
  return (
    <div role="alert" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <p className="font-semibold">This fee link has expired or is not valid.</p>
      <p className="mt-2">Links in fee reminders work for 14 days. You can still see and pay the fees with the student's admission number and date of birth.</p>
      <p className="mt-4"><Link to="/fees" className={buttonClass({ size: "touch", className: "inline-block" })}>Go to fee payment</Link></p>
    </div>
  );
}

export function FamilyFees({ page, available }: { page: FamilyPageData; available: boolean }) {
  return (
    <section className="mx-auto max-w-3xl px-5 py-12 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{school.name}</p>
      <h1 className="mt-1 text-3xl font-extrabold text-brand-800">Fees due</h1>
      {page.kind === "invalid" ? <FamilyLinkInvalid /> : <DuesForm page={page} available={available} />}
    </section>
  );
}

function DuesForm({ page, available }: { page: Dues; available: boolean }) {
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(() => new Set(page.chosen));
  const totals = new Map(page.children.flatMap((c) => c.fees.flatMap((f) => f.months.map((m) => [monthPick(c.studentId, f.purpose, m.month), m.totalPaise] as const))));
  const total = [...chosen].reduce((s, k) => s + (totals.get(k) ?? 0), 0);
  const anything = page.children.some((c) => c.fees.some((f) => f.months.length > 0 && !f.inProgress));
  // Oldest first, no gap: a month ticked ticks the older ones of its fee, unticked the newer ones.
  const toggle = (keys: readonly string[], index: number, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      keys.forEach((k, i) => {
        if (on && i <= index) next.add(k);
        if (!on && i >= index) next.delete(k);
      });
      return next;
    });
  return (
    <>
      <p className="mt-3 text-slate-700">Session {page.session}. Tick the months to pay for each child, oldest first. One payment pays them all, and each child gets a receipt for each fee.</p>
      {!available && <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">Online payment is not available right now. You can pay at the school office.</p>}
      <div aria-live="polite">{page.message && <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">{page.message}</p>}</div>
      <Form method="post" className="mt-6 space-y-5">
        {page.children.map((child) => (
          <fieldset key={child.studentId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={`child-${child.studentId}`}>
            <legend className="px-1 text-lg font-bold text-brand-800">
              <span data-testid="child-name">{child.name}</span> <span className="font-normal text-slate-700">· {child.className}</span>
            </legend>
            {child.fees.length === 0 && <p className="text-emerald-800">Nothing is due.</p>}
            {child.fees.map((fee) => {
              const id = `fee-${child.studentId}-${fee.purpose}`;
              const payable = fee.months.length > 0 && !fee.inProgress;
              const keys = fee.months.map((m) => monthPick(child.studentId, fee.purpose, m.month));
              return (
                <div key={fee.purpose} className="mt-3 first:mt-0" data-testid={id}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 className="flex-1 font-semibold">{fee.label}</h3>
                    {payable && <span className="font-semibold" data-testid="owed">{formatRupees(fee.totalPaise)}</span>}
                  </div>
                  {fee.inProgress && <p className="mt-1 text-sm text-amber-900">A payment of this fee is being confirmed: pay the rest after it.</p>}
                  <ul className="mt-2 divide-y divide-slate-100 text-sm">
                    {fee.months.map((m, i) => {
                      const box = `${id}-${m.month}`;
                      return (
                        <li key={m.month} className="flex items-center justify-between gap-x-3 py-1.5" data-testid={`month-${child.studentId}-${fee.purpose}-${m.month}`}>
                          {payable && <input id={box} type="checkbox" name="month" value={keys[i]} checked={chosen.has(keys[i]!)} onChange={(e) => toggle(keys, i, e.target.checked)} className="size-5 shrink-0" />}
                          <label htmlFor={payable ? box : undefined} className="min-w-0 flex-1"><span className="sr-only">{fee.label}, </span><span className="font-semibold">{m.label}</span> <span className={m.status === "overdue" ? "text-red-800" : "text-slate-700"}>· {m.status === "overdue" ? "overdue since" : "due"} {formatDisplayDate(m.dueDate)}</span></label>
                          <span className="shrink-0">{formatRupees(m.totalPaise)}</span>
                        </li>
                      );
                    })}
                  </ul>
                  {fee.months.length > 0 && (
                    <details className="mt-1 text-sm">
                      <summary className="cursor-pointer py-1 font-semibold text-brand-700">What the months include</summary>
                      <ul className="mt-1 text-slate-700">
                        {fee.months.flatMap((m) => [
                          ...m.lines.map((l) => <li key={`${m.month}-${l.head}`} className="flex justify-between gap-3"><span>{l.head} ({l.period})</span><span>{formatRupees(l.amountPaise)}</span></li>),
                          ...(m.lateFeePaise > 0 ? [<li key={`${m.month}-late`} className="flex justify-between gap-3 text-red-800"><span>Late fee ({m.label})</span><span>{formatRupees(m.lateFeePaise)}</span></li>] : []),
                        ])}
                      </ul>
                    </details>
                  )}
                </div>
              );
            })}
          </fieldset>
        ))}
        <input type="hidden" name="token" value={page.token} />
        {anything ? (
          // Stays in sight while a long list of months scrolls by.
          <div className="sticky bottom-0 -mx-5 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white px-5 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] sm:mx-0 sm:rounded-2xl sm:border">
            <input type="hidden" name="seenTotal" value={total} />
            <p role="status" className="text-lg">Total: <strong data-testid="family-total">{formatRupees(total)}</strong></p>
            <button type="submit" name="intent" value="pay" disabled={busy || !available || total === 0} className={buttonClass({ size: "touch" })}>{busy ? "Please wait..." : `Pay ${formatRupees(total)}`}</button>
            {/* With JavaScript the total follows the ticks; without it the server prices them. */}
            {!hydrated && <Button name="intent" value="total" disabled={busy} variant="secondary" size="touch">See the total</Button>}
          </div>
        ) : (
          <p className="font-semibold text-emerald-800">Nothing is due for this family now.</p>
        )}
        <p className="text-sm text-slate-700">Late fees: {page.lateFeeRule}.</p>
      </Form>
      <p className="mt-6 text-sm"><Link to="/payment-portal" className="font-semibold text-brand-700 underline">Payment Portal</Link></p>
    </>
  );
}
