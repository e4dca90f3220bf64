/**
 * /payment-portal (SPEC §2): where the floating Pay Fee button, the menu's Pay Fee and
 * the footer's Payment Portal lead. School fee, Bus fee, Application fee, Download a receipt,
 * Verify a receipt; the verification code form is a plain GET form (works without JavaScript).
 */
import { Form, Link } from "react-router";
import { Button } from "~/components/button";
import { inputClass } from "~/components/field";

const ENTRIES = [
  { to: "/fees", title: "School fee", text: "Tuition and other school fees of this session, by month." },
  { to: "/bus-fee-payment", title: "Bus fee", text: "The school bus, month by month." },
  { to: "/admissions/status", title: "Application fee", text: "Pay or retry the fee of an admission application." },
  { to: "/receipt-download", title: "Download a receipt", text: "A copy of any receipt, with its number and the admission number." },
];

export function PaymentPortal({ verifyError }: { verifyError: string | null }) {
  return (
    <section className="mx-auto max-w-4xl px-5 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">Payment Portal</h1>
      <p className="mt-3 text-slate-700">Pay school and bus fees online, pay an application fee, and download or verify a receipt.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {ENTRIES.map((e) => (
          <li key={e.to}>
            <Link to={e.to} className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-700 focus-visible:border-brand-700">
              <span className="text-xl font-bold text-brand-800">{e.title}</span>
              <span className="mt-1 block text-slate-700">{e.text}</span>
            </Link>
          </li>
        ))}
        <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:col-span-2">
          <h2 className="text-xl font-bold text-brand-800">Verify a receipt</h2>
          <p className="mt-1 text-slate-700">Scan the QR code on the receipt, or type the verification code printed under it.</p>
          <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
            <label className="min-w-0 flex-1">
              <span className="block font-semibold">Verification code</span>
              <input name="verify" required maxLength={100} autoComplete="off" className={inputClass("base", "font-mono")} aria-describedby={verifyError ? "verify-error" : undefined} />
            </label>
            <Button size="touch">Verify</Button>
          </Form>
          {verifyError && <p id="verify-error" role="alert" className="mt-3 text-red-900">{verifyError}</p>}
        </li>
      </ul>
    </section>
  );
}
