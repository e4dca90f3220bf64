/**
 * The test gateway's hosted page (/mock-payment, development and tests only): amount, purpose,
 * reference, and Pay, Fail, Leave pending; for a payment left pending, the bank's later Approve
 * or Decline. Plain forms, so the result returns through /student-payment as a real gateway's
 * would, with or without JavaScript.
 */
export type MockCheckoutData = {
  reference: string;
  amount: string;
  purposeLabel: string;
  description: string;
  state: "new" | "paid" | "failed" | "pending";
  /** The signed hand-off's query string, which every decision posts back. */
  action: string;
  message: string | null;
};

const button = "min-h-11 rounded-lg px-5 py-2.5 font-semibold focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-accent-500";

export function MockCheckout({ data }: { data: MockCheckoutData }) {
  return (
    <section className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <p className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-2 text-center font-bold text-amber-900">
        Test gateway: no real money moves
      </p>
      <h1 className="mt-6 text-3xl font-extrabold text-brand-800">Test Payment</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <dt className="text-slate-700">Amount</dt>
        <dd className="text-2xl font-extrabold tabular-nums" data-testid="mock-amount">{data.amount}</dd>
        <dt className="text-slate-700">Purpose</dt>
        <dd className="font-semibold">{data.purposeLabel}</dd>
        <dt className="text-slate-700">For</dt>
        <dd>{data.description}</dd>
        <dt className="text-slate-700">Reference</dt>
        <dd className="font-mono font-semibold break-all">{data.reference}</dd>
      </dl>
      {data.message && (
        <p role="status" className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-900">{data.message}</p>
      )}
      <form method="post" action={data.action} className="mt-6 flex flex-wrap gap-3">
        {data.state === "new" && (
          <>
            <button name="decision" value="pay" className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}>Pay</button>
            <button name="decision" value="fail" className={`${button} bg-red-700 text-white hover:bg-red-800`}>Fail</button>
            <button name="decision" value="pending" className={`${button} border border-slate-500 bg-white text-slate-900 hover:bg-slate-100`}>Leave pending</button>
          </>
        )}
        {data.state === "pending" && (
          <>
            <p className="w-full text-slate-800">The bank is waiting for the payer (as with a UPI request approved later on the phone).</p>
            <button name="decision" value="approve" className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}>Approve at the bank</button>
            <button name="decision" value="decline" className={`${button} bg-red-700 text-white hover:bg-red-800`}>Decline at the bank</button>
          </>
        )}
        {(data.state === "paid" || data.state === "failed") && <p className="text-slate-800">This test payment is {data.state}.</p>}
      </form>
    </section>
  );
}
