/**
 * /admissions/acknowledgement/{applicationId}: the acknowledgement of an application
 * after its fee is paid: the number, the status and the next step, the receipt and the PDF.
 * The link carries the application's unguessable public id; an unknown one is a 404 page.
 */
import { useEffect } from "react";
import { data } from "react-router";
import type { Route } from "./+types/admission-acknowledgement";
import { applicationStatusFacts } from "~/features/admissions/payment.server";
import { getDb } from "~/db/client.server";
import { applicationByPublicId } from "~/features/admissions/applications.server";
import { clearApplicationDraft } from "~/features/admissions/components/apply-form";
import { ApplicationStatusCard } from "~/features/admissions/components/application-status";
import { ApplicationMissing } from "~/features/admissions/components/retry-panel";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { NO_STORE_HEADERS } from "~/lib/http";

export async function loader({ params }: Route.LoaderArgs) {
  const db = await getDb();
  const application = await applicationByPublicId(db, params.applicationId);
  if (!application) return data({ kind: "missing" as const }, { status: 404, headers: NO_STORE_HEADERS });
  return data({ kind: "found" as const, facts: await applicationStatusFacts(db, application) }, { headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({ title: "Application received", description: "The acknowledgement of an admission application.", path: `/admissions/acknowledgement/${params.applicationId}`, siteUrl: siteUrlFrom(matches), noindex: true });

export default function Acknowledgement({ loaderData }: Route.ComponentProps) {
  useEffect(() => clearApplicationDraft(), []);
  if (loaderData.kind === "missing") return <ApplicationMissing />;
  const { facts } = loaderData;
  const paid = facts.status !== "payment_pending";
  return (
    <section className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">{paid ? "Application received" : "Application saved: fee not paid"}</h1>
      <p className="mt-3 text-lg text-slate-700">
        {paid
          ? "Thank you. Your application and its fee have reached the school. Keep the application number: you need it, with your mobile number, to check the status."
          : "Your application is saved, but the school reviews it only once the application fee is paid."}
      </p>
      <div className="mt-6">
        <ApplicationStatusCard facts={facts} pdf />
      </div>
      <p className="mt-6 text-slate-700">
        Check the status at any time on the <a href="/admissions/status" className="font-semibold text-brand-700 underline">application status</a> page.
      </p>
    </section>
  );
}
