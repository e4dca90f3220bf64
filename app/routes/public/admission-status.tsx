/**
 * /admissions/status: a parent gives the application number and the registered
 * mobile and sees the status and the next step. Wrong tries are throttled per IP and per number
 * (the receipts' pattern, applications.server.ts); the answer is one generic message whichever
 * of the two was wrong.
 */
import { data } from "react-router";
import type { Route } from "./+types/admission-status";
import { applicationStatusFacts } from "~/features/admissions/payment.server";
import { getDb } from "~/db/client.server";
import { lookupApplication } from "~/features/admissions/applications.server";
import { ApplicationStatusCard } from "~/features/admissions/components/application-status";
import { StatusLookupForm } from "~/features/admissions/components/status-lookup-form";
import { statusLookupSchema } from "~/features/admissions/schema";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { readForm } from "~/lib/request-body.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import type { PageHandle } from "~/lib/without-react";

const NOT_FOUND = "We could not find an application with these details. Check the application number and the mobile number, and try again.";
const THROTTLED = "Too many attempts. Please wait 15 minutes and try again, or call the admissions office.";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, "/admissions/status");
  const values = { number: String(form.get("number") ?? "").slice(0, 60), mobile: String(form.get("mobile") ?? "").slice(0, 20) };
  const parsed = statusLookupSchema.safeParse(values);
  if (!parsed.success) return data({ kind: "error" as const, message: parsed.error.issues[0]!.message, values }, { status: 400, headers: NO_STORE_HEADERS });
  const db = await getDb();
  const found = await lookupApplication(db, parsed.data, context.clientIp || "unknown");
  if (found.kind === "throttled") return data({ kind: "error" as const, message: THROTTLED, values }, { status: 429, headers: NO_STORE_HEADERS });
  if (found.kind === "not_found") return data({ kind: "error" as const, message: NOT_FOUND, values }, { status: 404, headers: NO_STORE_HEADERS });
  return data({ kind: "found" as const, facts: await applicationStatusFacts(db, found.application), values }, { headers: NO_STORE_HEADERS });
}

/** Text and a form that posts as a document: no React in the browser (app/lib/without-react.ts). */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Application status", description: "Check the status of an admission application with its number and the registered mobile number.", path: "/admissions/status", siteUrl: siteUrlFrom(matches), noindex: true });

export default function AdmissionStatus({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">Application status</h1>
      <p className="mt-3 text-slate-700">Enter the application number (for example KVA/ADM/2027-28/0001) and the mobile number given on the form.</p>
      <StatusLookupForm values={actionData?.values ?? null} error={actionData?.kind === "error" ? actionData.message : null} />
      {actionData?.kind === "found" && (
        <div className="mt-8" aria-live="polite">
          <ApplicationStatusCard facts={actionData.facts} pdf={false} />
        </div>
      )}
    </section>
  );
}
