/**
 * A family's fee reminders on the admin's student page: for each of the parent's addresses
 * (mobile, e-mail), whether reminders go or were stopped (by the parent's link or SMS, or by the
 * office), with Stop or Restart for someone who may (`canChange`). Receipts and replies go
 * whatever this says.
 */
import { Form } from "react-router";
import { Button } from "~/components/button";

export type ReminderAddress = { address: string; stopped: string | null };

export function RemindersPanel({ reminders, busy, canChange }: { reminders: ReminderAddress[]; busy: boolean; canChange: boolean }) {
  return (
    <section aria-labelledby="reminders-heading" className="mt-8">
      <h2 id="reminders-heading" className="text-xl font-bold text-brand-800">Fee reminders</h2>
      <p className="text-sm text-slate-700">Reminders go to the parent's mobile and e-mail on the roll; siblings with the same mobile get one reminder together. Receipts always go.</p>
      <ul className="mt-2 space-y-2">
        {reminders.map((r) => (
          <li key={r.address} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid="reminder-address">
            <span>
              <span className="font-semibold break-all">{r.address}</span>: {r.stopped ?? "reminders are sent"}
            </span>
            {canChange && (
              <Form method="post">
                <input type="hidden" name="intent" value={r.stopped ? "restart_reminders" : "stop_reminders"} />
                <input type="hidden" name="address" value={r.address} />
                <Button size="xs" variant={r.stopped ? "primary" : "danger-outline"} disabled={busy} aria-label={`${r.stopped ? "Restart reminders" : "Stop reminders"} to ${r.address}`}>{r.stopped ? "Restart reminders" : "Stop reminders"}</Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
