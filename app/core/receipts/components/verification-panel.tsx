/** The answer of /verify-receipt/{hash}: the receipt's facts, or 'We could not find a receipt for this code'. */
import type { VerificationView } from "../verify";
import { FactList } from "./fact-list";
import { ButtonLink } from "~/components/button";

export const NOT_FOUND_TITLE = "We could not find a receipt for this code";

export function VerificationPanel({ receipt }: { receipt: VerificationView | null }) {
  if (!receipt) {
    return (
      <section className="mx-auto max-w-xl px-5 py-16 text-center">
        <div aria-hidden="true" className="mx-auto grid size-16 place-items-center rounded-full bg-red-100 text-3xl font-bold text-red-800">!</div>
        <h1 className="mt-6 text-3xl font-extrabold text-red-800">{NOT_FOUND_TITLE}</h1>
        <p className="mt-3 text-lg text-slate-700">Check that the whole address from the receipt was opened. If it was, the receipt was not issued by this school: please call the school office.</p>
        <ButtonLink to="/receipt-download" size="xl" className="mt-8 inline-block">Download a receipt</ButtonLink>
      </section>
    );
  }
  const cancelled = receipt.status === "cancelled";
  const rows: [string, string][] = [
    ["Receipt No.", receipt.number],
    ["Date (IST)", receipt.date],
    ["Amount", receipt.amount],
    ["Purpose", receipt.purpose],
    ["Student", receipt.student],
    ["Status", cancelled ? `Cancelled${receipt.cancelledOn ? ` on ${receipt.cancelledOn}` : ""}` : "Paid"],
  ];
  return (
    <section className="mx-auto max-w-xl px-5 py-16">
      <div className="text-center">
        <div aria-hidden="true" className={`mx-auto grid size-16 place-items-center rounded-full text-3xl font-bold ${cancelled ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-800"}`}>{cancelled ? "!" : "✓"}</div>
        <h1 className="mt-6 text-3xl font-extrabold text-emerald-800">Valid receipt</h1>
        <p className="mt-3 text-lg text-slate-700">{cancelled ? "The school issued this receipt and later cancelled it: it no longer stands for a payment." : "The school issued this receipt and the payment is recorded."}</p>
      </div>
      {cancelled && <p role="alert" className="mt-6 rounded-lg border-2 border-amber-600 bg-amber-50 p-3 text-center text-lg font-bold tracking-wide text-amber-900">CANCELLED</p>}
      <FactList rows={rows} className="mt-6" testId="receipt-facts" />
    </section>
  );
}
