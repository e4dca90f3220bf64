/**
 * /admissions/retry-payment/{applicationId} (SPEC §2): pays an application's fee
 * through a new order. Unpaid: the child's name (masked), the class and the amount, and a Pay
 * button. Paid: says so, with the receipt. An unknown id: a 404 page.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/retry-payment";
import { applicationFeeStart, applicationPayment } from "~/features/admissions/payment.server";
import { getDb } from "~/db/client.server";
import { applicationByPublicId } from "~/features/admissions/applications.server";
import { ApplicationMissing, RetryPanel } from "~/features/admissions/components/retry-panel";
import { maskName } from "~/lib/mask-name";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { readForm } from "~/lib/request-body.server";
import { payments } from "~/payment-purposes.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import { startRedirect } from "~/core/payments/result-page.server";

async function view(publicId: string) {
  const db = await getDb();
  const application = await applicationByPublicId(db, publicId);
  if (!application) return null;
  const payment = application.status === "payment_pending" ? null : await applicationPayment(db, publicId);
  return {
    application,
    facts: {
      publicId,
      number: application.number,
      maskedName: maskName(application.childName),
      className: application.classApplied,
      sessionName: application.sessionName,
      feePaise: application.feePaise,
      paid: application.status !== "payment_pending",
      receiptHref: payment?.receiptHref ?? null,
      receiptNumber: payment?.receiptNumber ?? null,
    },
  };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await view(params.applicationId);
  if (!found) return data({ kind: "missing" as const }, { status: 404, headers: NO_STORE_HEADERS });
  const isNew = new URL(request.url).searchParams.get("new") === "1";
  const availability = payments.availability();
  return data({ kind: "found" as const, facts: found.facts, isNew, unavailable: availability.available ? null : availability.reason }, { headers: NO_STORE_HEADERS });
}

export async function action({ params, request }: Route.ActionArgs) {
  await readForm(request, "/admissions/retry-payment/:applicationId");
  const found = await view(params.applicationId);
  if (!found) return data({ message: "We could not find this application." }, { status: 404, headers: NO_STORE_HEADERS });
  if (found.facts.paid) throw redirect(`/admissions/retry-payment/${params.applicationId}`, { status: 303, headers: NO_STORE_HEADERS });
  const result = await payments.start(applicationFeeStart(found.application));
  const next = startRedirect(result);
  if (next) throw redirect(next, { status: 303, headers: NO_STORE_HEADERS });
  switch (result.kind) {
    case "already_paid":
    case "nothing_due":
      throw redirect(`/admissions/retry-payment/${params.applicationId}`, { status: 303, headers: NO_STORE_HEADERS });
    case "unavailable":
      return data({ message: result.reason }, { status: 503, headers: NO_STORE_HEADERS });
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({ title: "Pay the application fee", description: "Pay or retry the application fee of an admission application.", path: `/admissions/retry-payment/${params.applicationId}`, siteUrl: siteUrlFrom(matches), noindex: true });

export default function RetryPayment({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "missing") return <ApplicationMissing />;
  return <RetryPanel facts={loaderData.facts} isNew={loaderData.isNew} unavailable={actionData?.message ?? loaderData.unavailable} />;
}
