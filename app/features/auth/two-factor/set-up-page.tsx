/**
 * /admin/account/two-factor (DESIGN.md §6): set up sign-in with an authenticator app, see the
 * recovery codes once, make new ones, or turn the second factor off. Plain forms: every step
 * works without JavaScript (only Print needs it).
 */
import { Form, Link } from "react-router";
import { school } from "#content/school";
import { Button, buttonClass } from "~/components/button";
import { Field, TextInput, fieldAria } from "~/components/field";
import { PageHeader } from "~/components/page-header";
import type { ScanStep, SetUpActionData, SetUpView } from "./page.server";

const PANEL = "mt-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";
const ALERT = "rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900";

export function SetUpPage({ view, action }: { view: SetUpView; action?: SetUpActionData }) {
  return (
    <>
      <PageHeader title="Two-factor sign-in" />
      {view.sentHere && !view.enabled && (
        <p role="status" className="mt-4 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Your account looks after the school&apos;s money or its settings, so it must sign in with a code from your phone as well as your password. Set it up below to continue.
        </p>
      )}
      {view.recoveryCodes ? (
        <RecoveryCodes email={view.email} codes={view.recoveryCodes} redirectTo={view.redirectTo} />
      ) : view.enabled ? (
        <Manage view={view} action={action?.step === "manage" ? action : undefined} />
      ) : action?.step === "scan" ? (
        <Scan step={action} />
      ) : (
        <Start error={action?.step === "password" ? action.error : undefined} />
      )}
    </>
  );
}

function PasswordField({ id, error }: { id: string; error?: string }) {
  return (
    <Field id={id} label="Your password" error={error} errorId={`${id}-error`}>
      <TextInput look="base" id={id} name="password" type="password" required autoComplete="current-password" {...fieldAria({ error, errorId: `${id}-error` })} />
    </Field>
  );
}

function Start({ error }: { error?: string }) {
  return (
    <section className={PANEL} aria-labelledby="start-heading">
      <h2 id="start-heading" className="text-lg font-bold text-slate-900">Step 1 of 3: confirm it is you</h2>
      <p className="mt-2 text-slate-700">
        After your password, you will type a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or any app for
        &ldquo;time-based&rdquo; codes). Someone who learns your password still cannot sign in without your phone.
      </p>
      <Form method="post" className="mt-5 max-w-sm space-y-4">
        <input type="hidden" name="intent" value="start" />
        <PasswordField id="start-password" error={error} />
        <Button size="sm-wide">Continue</Button>
      </Form>
    </section>
  );
}

function Scan({ step }: { step: ScanStep }) {
  return (
    <section className={PANEL} aria-labelledby="scan-heading">
      <h2 id="scan-heading" className="text-lg font-bold text-slate-900">Step 2 of 3: add the school to your app</h2>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
        <img src={step.qr} alt="QR code to scan with your authenticator app" width={200} height={200} className="h-[200px] w-[200px] shrink-0 rounded-lg border border-slate-300 bg-white" />
        <div className="min-w-0 text-slate-700">
          <p>In your authenticator app, choose to add an account and scan this QR code.</p>
          <p className="mt-3">Cannot scan it? Enter this key by hand (time-based, 6 digits), with the account name {school.name}:</p>
          <p className="mt-2 rounded-lg bg-slate-100 p-3 font-mono text-base break-all text-slate-900" data-testid="totp-secret">{step.secret}</p>
        </div>
      </div>
      <h2 className="mt-6 text-lg font-bold text-slate-900">Step 3 of 3: type the code your app shows</h2>
      <Form method="post" className="mt-3 max-w-sm space-y-4">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="uri" value={step.uri} />
        <Field id="confirm-code" label="6-digit code" error={step.error} errorId="confirm-code-error">
          <TextInput
            look="base"
            id="confirm-code"
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="font-mono tracking-widest"
            {...fieldAria({ error: step.error, errorId: "confirm-code-error" })}
          />
        </Field>
        <Button size="sm-wide">Turn on</Button>
      </Form>
    </section>
  );
}

function RecoveryCodes({ email, codes, redirectTo }: { email: string; codes: string[]; redirectTo: string }) {
  const text = [`${school.name} admin: recovery codes for ${email}`, "Each code signs you in once, in place of the code from your phone.", "", ...codes, ""].join("\n");
  return (
    <section className={PANEL} aria-labelledby="codes-heading">
      <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900">Two-factor sign-in is on.</p>
      <h2 id="codes-heading" className="mt-5 text-lg font-bold text-slate-900">Your recovery codes</h2>
      <p className="mt-2 text-slate-700">
        If you lose your phone, each of these codes signs you in once. Keep them safe, away from your phone: print them and lock them away, or keep them in a
        password manager. <strong>They are shown only now.</strong>
      </p>
      <ol className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-slate-100 p-4 font-mono text-base text-slate-900 sm:grid-cols-3" data-testid="recovery-codes">
        {codes.map((code) => <li key={code}>{code}</li>)}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Download as text
        </a>
        <Button type="button" variant="secondary" size="sm" onClick={() => window.print()}>Print</Button>
        <Link to={redirectTo} className={buttonClass({ size: "sm" })}>I have kept them: continue</Link>
      </div>
    </section>
  );
}

function Manage({ view, action }: { view: SetUpView; action?: Extract<SetUpActionData, { step: "manage" }> }) {
  const error = (form: "new-codes" | "turn-off") => (action?.form === form ? action.error : undefined);
  return (
    <>
      <section className={PANEL} aria-labelledby="on-heading">
        <h2 id="on-heading" className="text-lg font-bold text-slate-900">Two-factor sign-in is on</h2>
        <p className="mt-2 text-slate-700">
          You sign in with your password and a code from your authenticator app. {view.codesLeft} recovery code{view.codesLeft === 1 ? "" : "s"} left.
        </p>
        <h3 className="mt-5 font-bold text-slate-900">New recovery codes</h3>
        <p className="mt-1 text-sm text-slate-700">Makes 10 new codes; the old ones stop working.</p>
        <Form method="post" className="mt-3 max-w-sm space-y-4">
          <input type="hidden" name="intent" value="new-codes" />
          <PasswordField id="codes-password" error={error("new-codes")} />
          <Button size="sm-wide">Make new codes</Button>
        </Form>
      </section>
      <section className={PANEL} aria-labelledby="off-heading">
        <h2 id="off-heading" className="text-lg font-bold text-slate-900">Turn off</h2>
        {view.required ? (
          <p className="mt-2 text-slate-700">Your role must sign in with a second factor, so it cannot be turned off. Lost your phone? Sign in with a recovery code.</p>
        ) : (
          <Form method="post" className="mt-3 max-w-sm space-y-4">
            <input type="hidden" name="intent" value="turn-off" />
            <PasswordField id="off-password" error={error("turn-off")} />
            <Button variant="danger-outline" size="sm-wide">Turn off two-factor sign-in</Button>
          </Form>
        )}
        {view.required && error("turn-off") && <p role="alert" className={`mt-3 ${ALERT}`}>{error("turn-off")}</p>}
      </section>
    </>
  );
}
