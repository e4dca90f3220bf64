/** The /admissions/status form: application number and mobile, a plain post (works without JavaScript). */
import { Form, useNavigation } from "react-router";
import { MOBILE_INPUT } from "~/lib/phone";

const inputClass = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900";

export function StatusLookupForm({ values, error }: { values: { number: string; mobile: string } | null; error: string | null }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-slate-200 p-5" aria-describedby={error ? "status-error" : undefined}>
      {error && <p id="status-error" role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">{error}</p>}
      <div>
        <label htmlFor="status-number" className="block text-sm font-semibold text-slate-800">Application number</label>
        <input id="status-number" name="number" type="text" required maxLength={40} defaultValue={values?.number ?? ""} autoComplete="off" className={inputClass} />
      </div>
      <div>
        <label htmlFor="status-mobile" className="block text-sm font-semibold text-slate-800">Mobile number</label>
        <input id="status-mobile" name="mobile" {...MOBILE_INPUT} required defaultValue={values?.mobile ?? ""} className={inputClass} />
      </div>
      <button type="submit" disabled={navigation.state !== "idle"} className="w-full rounded-lg bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-800 disabled:bg-slate-400 sm:w-auto">
        Check status
      </button>
    </Form>
  );
}
