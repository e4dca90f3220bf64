/**
 * /sample-payment (development and tests only; 404 in production): starts a sample payment
 * through the payment core, so every gateway can be tried before the fee and admission pages
 * exist. The amount is one of a few fixed ones, chosen by the server from the form's choice.
 */
import { randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import type { Route } from "./+types/sample-payment";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { SampleForm } from "~/core/payments/components/sample-form";
import { sampleSchema } from "~/core/payments/sample";
import { sampleStart } from "~/core/payments/sample.server";
import { getConfig } from "~/lib/config.server";
import { payments } from "~/payment-purposes.server";
import { readForm } from "~/lib/request-body.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import { startRedirect } from "~/core/payments/result-page.server";

export function loader() {
  if (getConfig().production) return data({ refused: true as const }, { status: 404, headers: NO_STORE_HEADERS });
  return data({ refused: false as const, suggestedKey: `sample-${randomBytes(4).toString("hex")}`, available: payments.availability().available }, { headers: NO_STORE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  if (getConfig().production) return data({ message: "Sample payments are not available on this site." }, { status: 404 });
  const parsed = sampleSchema.safeParse(Object.fromEntries(await readForm(request, "/sample-payment")));
  if (!parsed.success) return data({ message: parsed.error.issues[0]?.message ?? "Check the form." }, { status: 400 });
  const result = await payments.start(sampleStart(parsed.data));
  const next = startRedirect(result);
  if (next) throw redirect(next, 303);
  switch (result.kind) {
    case "already_paid":
      return data({ message: "This is already paid.", link: { label: "See the payment", href: `/payment-success?order=${result.order.publicId}` } });
    case "nothing_due":
      return data({ message: "Nothing is due for this." });
    case "unavailable":
      return data({ message: result.reason, unavailable: true });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Sample payment", description: "Start a sample payment (development only).", path: "/sample-payment", siteUrl: siteUrlFrom(matches), noindex: true });

export default function SamplePayment({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.refused) {
    return (
      <section className="mx-auto max-w-xl px-5 py-16">
        <h1 className="text-3xl font-extrabold text-brand-800">Sample payment</h1>
        <p className="mt-4 text-lg text-slate-700">Sample payments are not available on this site.</p>
      </section>
    );
  }
  return <SampleForm suggestedKey={loaderData.suggestedKey} available={loaderData.available} result={actionData ?? null} />;
}
