/**
 * The /receipt-download form (issue 12): the receipt number and the admission number, or the
 * application number and the registered mobile. Works without JavaScript; keeps what was typed
 * when the details do not match; the answer never says which detail was wrong.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";

export type DownloadFormResult =
  | { kind: "found"; number: string; href: string; cancelled: boolean }
  | { kind: "error"; message: string; values: Record<string, string> }
  | null;

const field = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2";

type TextFieldProps = { name: string; label: string; hint: string; maxLength: number; defaultValue: string | undefined; inputMode?: "numeric"; autoComplete?: string };

function TextField({ name, label, hint, autoComplete = "off", ...input }: TextFieldProps) {
  return (
    <div>
      <label htmlFor={`receipt-${name}`} className="block font-semibold">{label}</label>
      <p id={`receipt-${name}-hint`} className="text-sm text-slate-700">{hint}</p>
      <input id={`receipt-${name}`} name={name} aria-describedby={`receipt-${name}-hint`} autoComplete={autoComplete} className={field} {...input} />
    </div>
  );
}

export function DownloadForm({ result }: { result: DownloadFormResult }) {
  const busy = useNavigation().state === "submitting";
  const values = result?.kind === "error" ? result.values : {};
  const [by, setBy] = useState(values.by === "application" ? "application" : "admission");
  return (
    <section className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">Receipt Download</h1>
      <p className="mt-3 text-slate-700">Enter the receipt number printed on the payment page or the e-mail, with the student's admission number. For an application fee, use the application number and the mobile number given with it.</p>
      <Form method="post" className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <label className="block">
          <span className="font-semibold">Receipt number</span>
          <input name="receiptNumber" required maxLength={60} defaultValue={values.receiptNumber} placeholder="KVA/2026-27/000123" autoComplete="off" className={`${field} font-mono uppercase`} />
        </label>
        <fieldset>
          <legend className="font-semibold">The receipt is for</legend>
          <label className="mt-2 flex items-center gap-2">
            <input type="radio" name="by" value="admission" checked={by === "admission"} onChange={() => setBy("admission")} className="size-4" />
            A student of the school (admission number)
          </label>
          <label className="mt-2 flex items-center gap-2">
            <input type="radio" name="by" value="application" checked={by === "application"} onChange={() => setBy("application")} className="size-4" />
            An application fee (application number and mobile)
          </label>
        </fieldset>
        <TextField name="admissionNumber" label="Admission number" hint="For a student of the school" maxLength={40} defaultValue={values.admissionNumber} />
        <TextField name="applicationNumber" label="Application number" hint="For an application fee" maxLength={40} defaultValue={values.applicationNumber} />
        <TextField name="mobile" label="Registered mobile" hint="For an application fee: the 10-digit number given with the application" maxLength={10} defaultValue={values.mobile} inputMode="numeric" autoComplete="tel-national" />
        <button type="submit" disabled={busy} className="min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:bg-slate-500">
          {busy ? "Finding..." : "Find receipt"}
        </button>
      </Form>
      {result?.kind === "error" && (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">{result.message}</p>
      )}
      {result?.kind === "found" && (
        <div role="status" className="mt-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <p>Receipt <span className="font-mono font-semibold">{result.number}</span> found{result.cancelled ? " (it was cancelled by the school)" : ""}.</p>
          <a href={result.href} download className="mt-3 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">Download receipt (PDF)</a>
          <p className="mt-2 text-sm text-slate-700">The link works for 15 minutes.</p>
        </div>
      )}
    </section>
  );
}
