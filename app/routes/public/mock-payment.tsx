/**
 * /mock-payment (SPEC §2 "mock payment page"): the test gateway's hosted page, development and
 * tests only; refused (404) in production, where the test gateway does not exist.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/mock-payment";
import { listedPage, pageMeta, siteUrlFrom } from "~/features/content/meta";
import { MockCheckout } from "~/core/payments/components/mock-checkout";
import { MockGateway } from "~/core/payments/gateways/mock.server";
import { PURPOSE_LABELS } from "~/core/payments/labels";
import { formatRupees } from "~/lib/money";
import { paymentSetup } from "~/core/payments/settings.server";
import { readForm } from "~/lib/request-body.server";
import { NO_STORE_HEADERS } from "~/lib/http";

const decisionSchema = z.object({ decision: z.enum(["pay", "fail", "pending", "approve", "decline"]) });

function open(request: Request) {
  const mock = paymentSetup().gateways.mock;
  if (!(mock instanceof MockGateway)) return { kind: "refused" as const };
  const url = new URL(request.url);
  const checkout = mock.checkout(url.searchParams);
  return checkout ? { kind: "checkout" as const, mock, checkout, action: `/mock-payment${url.search}` } : { kind: "invalid" as const };
}

function page(opened: ReturnType<typeof open>, message: string | null = null) {
  if (opened.kind !== "checkout") return { kind: opened.kind };
  const { checkout, action } = opened;
  const purposeLabel = PURPOSE_LABELS[checkout.purpose as keyof typeof PURPOSE_LABELS] ?? checkout.purpose;
  return { kind: "checkout" as const, data: { reference: checkout.reference, amount: formatRupees(checkout.amountPaise), purposeLabel, description: checkout.description, state: checkout.state, action, message } };
}

export function loader({ request }: Route.LoaderArgs) {
  const opened = open(request);
  return data(page(opened), { status: opened.kind === "refused" ? 404 : opened.kind === "invalid" ? 400 : 200, headers: NO_STORE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  // Read first (up to its cap), so an oversized body is refused whatever the query says.
  const form = await readForm(request, "/mock-payment");
  const opened = open(request);
  if (opened.kind !== "checkout") return data(page(opened), { status: opened.kind === "refused" ? 404 : 400, headers: NO_STORE_HEADERS });
  const parsed = decisionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data(page(opened, "Choose Pay, Fail or Leave pending."), { status: 400, headers: NO_STORE_HEADERS });
  const outcome = opened.mock.decide(opened.checkout, parsed.data.decision);
  if ("refused" in outcome) return data(page(open(request), outcome.refused), { status: 409, headers: NO_STORE_HEADERS });
  if (outcome.returnUrl) throw redirect(outcome.returnUrl, { status: 303, headers: NO_STORE_HEADERS });
  const done = parsed.data.decision === "approve" ? "approved: the money is taken" : "declined: no money is taken";
  return data(page(open(request), `The bank ${done}. The school's site learns this when it next checks with the bank (every 15 minutes, or Check with the bank in the admin area).`), { headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ ...listedPage("/mock-payment"), siteUrl: siteUrlFrom(matches), noindex: true });

export default function MockPayment({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.kind === "checkout") return <MockCheckout data={shown.data} />;
  return (
    <section className="mx-auto max-w-xl px-5 py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">Test Payment</h1>
      <p className="mt-4 text-lg text-slate-700">
        {shown.kind === "refused" ? "Test payments are not available on this site." : "This test payment link is not valid: it is incomplete or was changed."}
      </p>
    </section>
  );
}
