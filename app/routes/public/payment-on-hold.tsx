/**
 * /payment-on-hold: the order is held (the gateway reported another amount or merchant): not
 * paid, and the family is free to pay again. Tells the parent to contact the school office with
 * the reference, and offers Pay again. `?order=` shows the order (and moves on once settled).
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/payment-on-hold";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { HeldPanel } from "~/core/payments/components/held-panel";
import { PendingPanel } from "~/core/payments/components/pending-panel";
import { resultPageData } from "~/core/payments/result-page.server";
import { payments } from "~/payment-purposes.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import type { PageHandle } from "~/lib/without-react";

export async function loader({ request }: Route.LoaderArgs) {
  const page = await resultPageData(payments, new URL(request.url), "/payment-on-hold");
  if (page.kind === "redirect") throw redirect(page.location, { headers: NO_STORE_HEADERS });
  return data(page, { headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A page of text and links: no React in the browser (app/lib/without-react.ts). */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Please contact the school office", description: "This payment needs the school office.", path: "/payment-on-hold", siteUrl: siteUrlFrom(matches), noindex: true });

export default function PaymentOnHold({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "unavailable") return <PendingPanel reference={loaderData.reference} summary={null} checkAgainHref={null} />;
  const summary = loaderData.kind === "order" ? loaderData.summary : null;
  return <HeldPanel reference={summary?.reference ?? (loaderData.kind === "plain" ? loaderData.reference : null)} summary={summary} />;
}
