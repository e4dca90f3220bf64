/**
 * The /admissions/status form: application number and mobile, a plain post (the page does not
 * hydrate React; while it is sent, the chrome disables the button: app/features/site/chrome/sending.ts).
 */
import { Form } from "react-router";
import { MOBILE_INPUT } from "~/lib/phone";
import { Button } from "~/components/button";
import { Field, TextInput } from "~/components/field";

export function StatusLookupForm({ values, error }: { values: { number: string; mobile: string } | null; error: string | null }) {
  return (
    <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-slate-200 p-5" aria-describedby={error ? "status-error" : undefined}>
      {error && <p id="status-error" role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">{error}</p>}
      <Field id="status-number" label="Application number">
        <TextInput look="form" id="status-number" name="number" type="text" required maxLength={40} defaultValue={values?.number ?? ""} autoComplete="off" />
      </Field>
      <Field id="status-mobile" label="Mobile number">
        <TextInput look="form" id="status-mobile" name="mobile" {...MOBILE_INPUT} required defaultValue={values?.mobile ?? ""} />
      </Field>
      <Button size="form" disabledLook="pale" className="w-full sm:w-auto">
        Check status
      </Button>
    </Form>
  );
}
