/**
 * The Admin Login screen (SPEC §2): e-mail and password, a Sign in button that reads
 * "Signing in..." while busy, and the SPEC §8 failure message. It also clears the browser's
 * copy of the signed-in user and last-activity stamp (SPEC §4): reaching this screen means
 * there is no session.
 */
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { LAST_ACTIVITY_KEY, LOCAL_USER_KEY } from "../roles";

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
          <div>
            <label htmlFor="login-email" className="block text-sm font-semibold text-slate-800">Email</label>
            <input id="login-email" name="email" type="email" required autoComplete="username" defaultValue={email} className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2.5" />
          </div>
          <div>
            <label htmlFor="login-password" className="block text-sm font-semibold text-slate-800">Password</label>
            <input id="login-password" name="password" type="password" required autoComplete="current-password" className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2.5" />
          </div>
          {error && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">{error}</p>
          )}
          <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:bg-slate-500">
            {busy ? "Signing in..." : "Sign in"}
          </button>
        </Form>
      </div>
    </main>
  );
}
