/**
 * The screens around a password, in the sign-in card's look (login-form.tsx): Forgot your
 * password? (an e-mail address, and the same answer whether or not it has an account), Choose a
 * password (an invitation or a reset link: the new password twice) and a link that no longer
 * works. Plain forms: they work without JavaScript.
 */
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { Field, fieldAria, TextInput } from "~/components/field";

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-100 p-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
        <h1 className="text-2xl font-bold text-brand-800">{title}</h1>
        {children}
      </div>
    </main>
  );
}

const backToSignIn = (
  <p className="mt-6 text-sm">
    <Link to="/admin/login" className="font-semibold text-brand-700 underline">Back to sign in</Link>
  </p>
);

function Alert({ children }: { children: ReactNode }) {
  return <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">{children}</p>;
}

/** /admin/forgot-password: `sent` once a request was taken (whatever the address). */
export function ForgotPasswordForm({ sent, error, email }: { sent: boolean; error?: string; email?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Card title="Forgot your password?">
      {sent ? (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          If this address has an account here, an e-mail with a link to choose a new password is on its way. The link works once, for one hour.
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-sm text-slate-700">Enter the e-mail address you sign in with. We will send you a link to choose a new password.</p>
          <Field id="forgot-email" label="Email">
            <TextInput look="form" id="forgot-email" name="email" type="email" required autoComplete="username" defaultValue={email} />
          </Field>
          {error && <Alert>{error}</Alert>}
          <Button disabled={busy} size="form-narrow" className="w-full">{busy ? "Sending..." : "Send the link"}</Button>
        </Form>
      )}
      {backToSignIn}
    </Card>
  );
}

export type SetPasswordErrors = { password?: string; confirm?: string; form?: string };

type SetPasswordProps = {
  title: string;
  /** A line above the form (who the account is, what happens next). */
  intro: ReactNode;
  /** The account's address, for password managers (autocomplete="username"). */
  email?: string;
  minLength: number;
  submitLabel: string;
  errors?: SetPasswordErrors;
};

/** The new password twice, with the length rule as a hint. */
export function SetPasswordForm({ title, intro, email, minLength, submitLabel, errors = {} }: SetPasswordProps) {
  const busy = useNavigation().state === "submitting";
  const hint = `At least ${minLength} characters. A few unrelated words make a good one.`;
  return (
    <Card title={title}>
      <div className="mt-3 text-sm text-slate-700">{intro}</div>
      <Form method="post" className="mt-5 space-y-4">
        {email && <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />}
        <Field id="new-password" label="New password" hint={hint} hintId="new-password-hint" error={errors.password} errorId="new-password-error">
          <TextInput look="form" id="new-password" name="password" type="password" required minLength={minLength} maxLength={128} autoComplete="new-password" {...fieldAria({ error: errors.password, errorId: "new-password-error", hintId: "new-password-hint" })} />
        </Field>
        <Field id="confirm-password" label="Repeat the new password" error={errors.confirm} errorId="confirm-password-error">
          <TextInput look="form" id="confirm-password" name="confirm" type="password" required autoComplete="new-password" {...fieldAria({ error: errors.confirm, errorId: "confirm-password-error" })} />
        </Field>
        {errors.form && <Alert>{errors.form}</Alert>}
        <Button disabled={busy} size="form-narrow" className="w-full">{busy ? "Saving..." : submitLabel}</Button>
      </Form>
      {backToSignIn}
    </Card>
  );
}

/** A link that no longer works (used, expired, forged, or its account disabled). */
export function LinkProblem({ title, message, next }: { title: string; message: string; next: { to: string; label: string } }) {
  return (
    <Card title={title}>
      <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{message}</p>
      <p className="mt-6 text-sm">
        <Link to={next.to} className="font-semibold text-brand-700 underline">{next.label}</Link>
      </p>
    </Card>
  );
}
