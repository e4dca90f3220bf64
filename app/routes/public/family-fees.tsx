/**
 * /fees/family/{token}: a fee reminder's link. Every child of the family (masked names) with
 * the school and bus fees owed, ticked, and one payment for them all (purpose family_fees); an
 * expired or forged link says so and leads to /fees. Never indexed, never cached.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/family-fees";
import { getDb } from "~/db/client.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { FamilyFees } from "~/features/fees/components/family-fees";
import { familyPageData, familyPayStep } from "~/features/fees/family-page.server";
import { startRedirect } from "~/core/payments/result-page.server";
import { kolkataDate } from "~/lib/dates";
import { NO_STORE_HEADERS } from "~/lib/http";
import { readForm } from "~/lib/request-body.server";
import { payments } from "~/payment-purposes.server";

export async function loader({ params }: Route.LoaderArgs) {
  const page = await familyPageData(await getDb(), params.token, kolkataDate(new Date()));
  return data({ page, available: payments.availability().available }, { status: page.kind === "invalid" ? 410 : 200, headers: NO_STORE_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request, "/fees/family/:token");
  const step = await familyPayStep(await getDb(), params.token, form, kolkataDate(new Date()));
  if (step.kind === "show") return data({ page: step.data }, { status: step.status ?? 200, headers: NO_STORE_HEADERS });
  const result = await payments.start(step.start);
  const next = startRedirect(result);
  if (next) throw redirect(next, 303);
  const message =
    result.kind === "unavailable" ? result.reason : (step.refusal() ?? "These fees are already paid or no longer due. Check them and try again.");
  return data({ page: await step.again(message) }, { status: result.kind === "unavailable" ? 503 : 200, headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Fees due", description: "The school and bus fees due for your children, ready to pay in one payment.", path: "/fees/family", siteUrl: siteUrlFrom(matches), noindex: true });

export default function FamilyFeesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <FamilyFees page={actionData?.page ?? loaderData.page} available={loaderData.available} />;
}
