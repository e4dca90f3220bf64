/**
 * The /receipt-download form: the receipt number and the admission number, or the
 * application number and the registered mobile (only the chosen kind's fields show, by CSS, so
 * it works the same without JavaScript). Keeps what was typed when the details do not match;
 * the answer never says which detail was wrong. The page does not hydrate React: the button's
 * "Finding..." while the form is sent is the chrome's (app/features/site/chrome/sending.ts).
 */
import { Form } from "react-router";
import { MOBILE_INPUT } from "~/lib/phone";
import { Button, buttonClass } from "~/components/button";
import { inputClass } from "~/components/field";

export type DownloadFormResult =
  | { kind: "found"; number: string; href: string; cancelled: boolean }
  | { kind: "error"; message: string; values: Record<string, string> }
  | null;

const field = inputClass("base");
// Each kind's fields hide while the other kind is chosen (CSS :has, no JavaScript needed).
const ADMISSION_ONLY = "[form:has(#by-application:checked)_&]:hidden";
const APPLICATION_ONLY = "[form:has(#by-admission:checked)_&]:hidden";

type TextFieldProps = { name: string; label: string; hint: string; maxLength: number; defaultValue: string | undefined; type?: "tel"; inputMode?: "tel"; autoComplete?: string; className: string };

function TextField({ name, label, hint, autoComplete = "off", className, ...input }: TextFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={`receipt-${name}`} className="block font-semibold">{label}</label>
      <p id={`receipt-${name}-hint`} className="text-sm text-slate-700">{hint}</p>
      <input id={`receipt-${name}`} name={name} aria-describedby={`receipt-${name}-hint`} autoComplete={autoComplete} className={field} {...input} />
    </div>
  );
}

export function DownloadForm({ result }: { result: DownloadFormResult }) {
  const values = result?.kind === "error" ? result.values : {};
  const byApplication = values.by === "application";
  return (
    <section className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">Receipt Download</h1>
      <p className="mt-3 text-slate-700">Enter the receipt number printed on the receipt (for example KVA/2026-27/000123) with the student's admission number; for an application fee, with the application number and the mobile number given with it.</p>
      <Form method="post" className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <label className="block">
          <span className="font-semibold">Receipt number</span>
          <input name="receiptNumber" required maxLength={60} defaultValue={values.receiptNumber} placeholder="KVA/2026-27/000123" autoComplete="off" className={`${field} font-mono uppercase`} />
        </label>
        <fieldset>
          <legend className="font-semibold">The receipt is for</legend>
          <label className="mt-2 flex items-center gap-2">
            <input id="by-admission" type="radio" name="by" value="admission" defaultChecked={!byApplication} className="size-4" />
            A student of the school (admission number)
          </label>
          <label className="mt-2 flex items-center gap-2">
            <input id="by-application" type="radio" name="by" value="application" defaultChecked={byApplication} className="size-4" />
            An application fee (application number and mobile)
          </label>
        </fieldset>
        <TextField name="admissionNumber" label="Admission number" hint="For a student of the school" maxLength={40} defaultValue={values.admissionNumber} className={ADMISSION_ONLY} />
        <TextField name="applicationNumber" label="Application number" hint="For an application fee" maxLength={40} defaultValue={values.applicationNumber} className={APPLICATION_ONLY} />
        <TextField name="mobile" label="Registered mobile" hint="For an application fee: the 10-digit number given with the application" {...MOBILE_INPUT} defaultValue={values.mobile} className={APPLICATION_ONLY} />
        <Button size="touch" data-busy-label="Finding...">
          Find receipt
        </Button>
      </Form>
      {result?.kind === "error" && (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">{result.message}</p>
      )}
      {result?.kind === "found" && (
        <div role="status" className="mt-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4">
          <p>Receipt <span className="font-mono font-semibold">{result.number}</span> found{result.cancelled ? " (it was cancelled by the school)" : ""}.</p>
          <a href={result.href} download className={buttonClass({ size: "lg", className: "mt-3 inline-block" })}>Download receipt (PDF)</a>
          <p className="mt-2 text-sm text-slate-700">The link works for 15 minutes.</p>
        </div>
      )}
    </section>
  );
}
