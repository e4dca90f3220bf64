/**
 * The Admin Login screen (SPEC §2): e-mail and password, a Sign in button that reads
 * "Signing in..." while busy, and the SPEC §8 failure message. It also clears the browser's
 * copy of the signed-in user and last-activity stamp (SPEC §4): reaching this screen means
 * there is no session.
 */
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { LAST_ACTIVITY_KEY, LOCAL_USER_KEY } from "../roles";
import { Button } from "~/components/button";
import { Field, TextInput } from "~/components/field";

type Props = { redirectTo: string; error?: string; email?: string; notice?: string };

export function LoginForm({ redirectTo, error, email, notice }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/login") === true;

  useEffect(() => {
    try {
      localStorage.removeItem(LOCAL_USER_KEY);
      localStorage.removeItem(LAST_ACTIVITY_KEY);
    } catch {
      // Storage unavailable: nothing to clear.
    }
  }, []);

  return (
    <main className="grid min-h-screen place-items-center bg-slate-100 p-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-800">Admin Login</h1>
        {notice && <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{notice}</p>}
        <Form method="post" action="/admin/login" className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {/* The card is white and the body's text slate-900, so the parents' input look is the same here. */}
          <Field id="login-email" label="Email">
            <TextInput look="form" id="login-email" name="email" type="email" required autoComplete="username" defaultValue={email} />
          </Field>
          <Field id="login-password" label="Password">
            <TextInput look="form" id="login-password" name="password" type="password" required autoComplete="current-password" />
          </Field>
          {error && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">{error}</p>
          )}
          <Button disabled={busy} size="form-narrow" className="w-full">
            {busy ? "Signing in..." : "Sign in"}
          </Button>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to="/admin/forgot-password" className="font-semibold text-brand-700 underline">Forgot your password?</Link>
        </p>
      </div>
    </main>
  );
}
