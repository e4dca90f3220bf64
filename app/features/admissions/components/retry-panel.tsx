/**
 * The application-fee page of one application (/admissions/retry-payment/{id}): unpaid, the
 * child's masked name, the class and the amount with a Pay button (a plain form post, so it
 * works without JavaScript); paid, that it is paid with the receipt and the acknowledgement.
 */
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { formatRupees } from "~/lib/money";
import { clearApplicationDraft } from "./apply-form";
import { Button, buttonClass } from "~/components/button";

export type RetryFacts = {
  publicId: string;
  number: string;
  maskedName: string;
  className: string;
  sessionName: string;
  feePaise: number;
  paid: boolean;
  receiptHref: string | null;
  receiptNumber: string | null;
};

const linkButton = buttonClass({ variant: "secondary", className: "inline-block" });

export function RetryPanel({ facts, isNew, unavailable }: { facts: RetryFacts; isNew: boolean; unavailable: string | null }) {
  const navigation = useNavigation();
  // The application is stored: the form's draft in this browser is no longer needed.
  useEffect(() => {
    if (isNew) clearApplicationDraft();
  }, [isNew]);
  return (
    <section className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">{facts.paid ? "Application fee paid" : "Pay the application fee"}</h1>
      {isNew && !facts.paid && (
        <p className="mt-4 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
          Your application is saved as <strong>{facts.number}</strong>. Pay the application fee to complete it.
        </p>
      )}
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-slate-200 p-5 text-base">
        <dt className="text-slate-600">Application No.</dt>
        <dd className="font-semibold" data-testid="application-number">{facts.number}</dd>
        <dt className="text-slate-600">Child</dt>
        <dd className="font-semibold" data-testid="masked-name">{facts.maskedName}</dd>
        <dt className="text-slate-600">Class</dt>
        <dd className="font-semibold">{facts.className} ({facts.sessionName})</dd>
        <dt className="text-slate-600">Application fee</dt>
        <dd className="font-semibold" data-testid="fee">{formatRupees(facts.feePaise)}</dd>
      </dl>
      {facts.paid ? (
        <div className="mt-6 space-y-4">
          <p className="text-lg text-slate-800">
            This application's fee is paid{facts.receiptNumber ? <> (receipt <strong>{facts.receiptNumber}</strong>)</> : null}. Nothing more is due.
          </p>
          <div className="flex flex-wrap gap-3">
            {facts.receiptHref && <a href={facts.receiptHref} download className={linkButton}>Download receipt</a>}
            <a href={`/admissions/acknowledgement/${facts.publicId}`} className={linkButton}>View acknowledgement</a>
          </div>
        </div>
      ) : (
        <Form method="post" className="mt-6">
          {unavailable && <p role="alert" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">{unavailable} Your application is kept: come back to this page to pay.</p>}
          <Button disabled={navigation.state !== "idle"} size="form" disabledLook="pale" className="w-full text-lg sm:w-auto">
            Pay {formatRupees(facts.feePaise)}
          </Button>
          <p className="mt-3 text-sm text-slate-700">Keep this page's address: you can come back to it to pay. A failed attempt is never charged; if your bank debited you, it returns the amount.</p>
        </Form>
      )}
    </section>
  );
}

/** An unknown or malformed application link (answered with HTTP 404). */
export function ApplicationMissing() {
  return (
    <section className="mx-auto max-w-xl px-5 py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">We could not find this application</h1>
      <p className="mt-4 text-lg text-slate-700">
        The link may be incomplete. Find your application on the <a href="/admissions/status" className="font-semibold text-brand-700 underline">application status</a> page
        with its number and your mobile number, or <a href="/apply" className="font-semibold text-brand-700 underline">start a new application</a>.
      </p>
    </section>
  );
}
