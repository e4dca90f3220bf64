/**
 * /apply (SPEC §2): the application form for the open admission session. A valid
 * post stores the application (status payment_pending, with its number) and sends the parent
 * to pay the application fee; an invalid one comes back with every value and the messages.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/apply";
import { school } from "#content/school";
import { applicationFeeStart } from "~/features/admissions/payment.server";
import { getDb } from "~/db/client.server";
import { ApplyForm } from "~/features/admissions/components/apply-form";
import { openSession } from "~/features/admissions/sessions.server";
import { submitApplication } from "~/features/admissions/submit.server";
import { listedPage, pageMeta, siteUrlFrom } from "~/features/content/meta";
import { readUploadForm } from "~/lib/uploads.server";
import { applicationUploadsDir } from "~/features/admissions/documents.server";
import { payments } from "~/payment-purposes.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import type { PageHandle } from "~/lib/without-react";
import { payPath } from "~/core/payments/result-page.server";

async function settings() {
  const session = await openSession(await getDb());
  return session && { sessionName: session.name, openClasses: session.openClasses, cutOff: session.ageCutOff, feePaise: session.applicationFeePaise, paymentAvailable: payments.availability().available };
}

/**
 * The form works as a document post; its checks as the parent types, the eligibility note and the
 * draft need React, which loads when the parent starts on the form (app/lib/without-react.ts).
 */
export const handle: PageHandle = { hydrate: "on-interaction" };

export async function loader() {
  return data({ settings: await settings() }, { headers: NO_STORE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const { form, discard } = await readUploadForm(request, "/apply", applicationUploadsDir());
  const outcome = await (async () => {
    const db = await getDb();
    const session = await openSession(db);
    return session ? submitApplication(form, session, db) : null;
  })().finally(discard);
  if (!outcome) return data({ result: null, message: "Admissions are closed just now." }, { status: 409, headers: NO_STORE_HEADERS });
  if (outcome.kind === "invalid") return data({ result: outcome.result, message: null }, { status: 400, headers: NO_STORE_HEADERS });
  if (outcome.kind === "error") return data({ result: outcome.result, message: outcome.message }, { status: 503, headers: NO_STORE_HEADERS });
  const retry = `/admissions/retry-payment/${outcome.application.publicId}?new=1`;
  try {
    const started = await payments.start(applicationFeeStart(outcome.application));
    if (started.kind === "handoff") throw redirect(payPath(started.order.publicId), { status: 303, headers: NO_STORE_HEADERS });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`Application ${outcome.application.number}: the fee's payment could not start:`, error);
  }
  // Payment unavailable (or it could not start): the application is saved; its page offers to pay.
  throw redirect(retry, { status: 303, headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ ...listedPage("/apply"), siteUrl: siteUrlFrom(matches) });

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.settings;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-5 sm:py-14">
      <h1 className="text-3xl font-extrabold text-brand-800">Apply Now</h1>
      {s ? (
        <>
          <p className="mt-3 text-slate-700">
            Application for admission to {school.name}, session {s.sessionName}. It takes about ten minutes; keep the child's photograph and birth certificate
            at hand. Already applied? <a href="/admissions/status" className="font-semibold text-brand-700 underline">Check the status of your application</a>.
          </p>
          {actionData?.message && <p role="alert" className="mt-6 rounded-xl border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900">{actionData.message}</p>}
          <div className="mt-8">
            <ApplyForm {...s} lastResult={actionData?.result ?? null} />
          </div>
        </>
      ) : (
        <p className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-lg">
          Admissions are closed just now. Call the admissions office on {school.phones[0]!.display} to ask when they open.
        </p>
      )}
    </section>
  );
}
