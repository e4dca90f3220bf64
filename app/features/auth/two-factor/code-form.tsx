/**
 * The second step of the Admin Login screen (DESIGN.md §6): the 6-digit code from the
 * authenticator app, or a recovery code, for the account whose password was right. A plain
 * form: it works without JavaScript.
 */
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { Field, TextInput, fieldAria } from "~/components/field";

type Props = { email: string; redirectTo: string; error?: string };

export function CodeForm({ email, redirectTo, error }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/login/code") === true;
  return (
    <main className="grid min-h-screen place-items-center bg-slate-100 p-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-800">Enter your code</h1>
        <p className="mt-3 text-sm text-slate-700">
          Signing in as <span className="font-semibold break-all">{email}</span>. Open your authenticator app and type the 6-digit code it shows for this site.
        </p>
        <Form method="post" action="/admin/login/code" className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field id="sign-in-code" label="Code" hint="Lost your phone? Type one of your recovery codes instead (like abcde-23456, in capitals or not)." hintId="sign-in-code-hint" error={error} errorId="sign-in-code-error">
            <TextInput
              look="form"
              id="sign-in-code"
              name="code"
              required
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={20}
              className="font-mono tracking-widest"
              {...fieldAria({ error, errorId: "sign-in-code-error", hintId: "sign-in-code-hint" })}
            />
          </Field>
          <Button disabled={busy} size="form-narrow" className="w-full">
            {busy ? "Checking..." : "Verify"}
          </Button>
        </Form>
        <p className="mt-5 text-sm">
          <Link to={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="font-semibold text-brand-800 underline">Start again with your password</Link>
        </p>
      </div>
    </main>
  );
}
