/** What an order pays for, its total and its references: on the hand-off and result pages. */
import type { OrderSummaryData } from "../labels";

export function OrderSummary({ summary, showPaid = false }: { summary: OrderSummaryData; showPaid?: boolean }) {
  return (
    <div className="w-full rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm sm:p-6">
      <p className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{summary.purposeLabel}</p>
      <p className="mt-1 text-lg font-bold text-slate-900">{summary.description}</p>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">What this payment is for</caption>
        <tbody>
          {summary.lines.map((line, i) => (
            <tr key={i} className="border-t border-slate-200">
              <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-800">{line.label}</th>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300">
            <th scope="row" className="py-2 pr-3 text-left font-bold">Total</th>
            <td className="py-2 text-right text-lg font-extrabold whitespace-nowrap tabular-nums" data-testid="order-total">{summary.total}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">Reference</dt>
        <dd className="font-mono font-semibold break-all" data-testid="order-reference">{summary.reference}</dd>
        {showPaid && summary.paidAt && (
          <>
            <dt className="text-slate-700">Paid on</dt>
            <dd>{summary.paidAt}</dd>
          </>
        )}
        {showPaid && summary.providerPaymentId && (
          <>
            <dt className="text-slate-700">{summary.providerLabel} id</dt>
            <dd className="font-mono break-all">{summary.providerPaymentId}</dd>
          </>
        )}
        {showPaid && summary.bankReference && (
          <>
            <dt className="text-slate-700">Bank reference (UTR)</dt>
            <dd className="font-mono break-all">{summary.bankReference}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
