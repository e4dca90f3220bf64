/**
 * The sample-payment form (development and tests only): an amount and what it pays for. The same
 * "what for" twice is the same thing owed: it cannot be paid twice.
 */
import { Form, Link, useNavigation } from "react-router";
import { SAMPLE_AMOUNTS } from "../sample";
import { PaymentUnavailable } from "./payment-unavailable";
import { Button } from "~/components/button";
import { inputClass } from "~/components/field";

export type SampleFormResult = { message: string; unavailable?: boolean; link?: { label: string; href: string } } | null;

const field = inputClass("base");

export function SampleForm({ suggestedKey, result, available }: { suggestedKey: string; result: SampleFormResult; available: boolean }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <p className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-2 text-center font-bold text-amber-900">Development only: this page does not exist in production</p>
      <h1 className="mt-6 text-3xl font-extrabold text-brand-800">Sample payment</h1>
      <p className="mt-3 text-slate-700">Starts a payment through the configured gateway, as the fee and admission pages will.</p>
      {!available && (
        <div className="mt-4">
          <PaymentUnavailable />
        </div>
      )}
      <Form method="post" className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <fieldset>
          <legend className="font-semibold">Amount</legend>
          {SAMPLE_AMOUNTS.map((a, i) => (
            <label key={a.id} className="mt-2 flex items-center gap-2">
              <input type="radio" name="amount" value={a.id} defaultChecked={i === 0} className="size-4" />
              {a.label}
            </label>
          ))}
        </fieldset>
        <label className="block">
          <span className="font-semibold">What it pays for</span>
          <input name="key" defaultValue={suggestedKey} required pattern="[a-z0-9\-]{1,60}" className={`${field} font-mono`} />
        </label>
        <label className="block">
          <span className="font-semibold">Payer's name (optional)</span>
          <input name="name" maxLength={100} autoComplete="name" className={field} />
        </label>
        <label className="block">
          <span className="font-semibold">E-mail the receipt to (optional)</span>
          <input name="email" type="email" maxLength={254} autoComplete="email" className={field} />
        </label>
        <Button size="touch" disabled={busy}>
          {busy ? "Starting..." : "Pay"}
        </Button>
      </Form>
      {result?.unavailable && (
        <div className="mt-6">
          <PaymentUnavailable reason={result.message} />
        </div>
      )}
      {result && !result.unavailable && (
        <p role="status" className="mt-6 rounded-lg bg-slate-100 p-4">
          {result.message} {result.link && <Link className="font-semibold text-brand-700 underline" to={result.link.href}>{result.link.label}</Link>}
        </p>
      )}
    </section>
  );
}
