/**
 * /payment-pending: 'Payment being confirmed' with the reference and what happens next.
 * `?order=` shows the order (and moves on to success or failure once settled); `?reference=`
 * alone is what a parent sees when the return could not be recorded.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/payment-pending";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { PendingPanel } from "~/core/payments/components/pending-panel";
import { resultPageData } from "~/core/payments/result-page.server";
import { payments } from "~/payment-purposes.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import type { PageHandle } from "~/lib/without-react";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await resultPageData(payments, url, "/payment-pending");
  if (page.kind === "redirect") throw redirect(page.location, { headers: NO_STORE_HEADERS });
  return data({ page, checkAgainHref: page.kind === "order" ? `/payment-pending?order=${page.summary.publicId}` : null }, { headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A page of text and links: no React in the browser (app/lib/without-react.ts). */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Payment being confirmed", description: "Your payment is being confirmed with the bank.", path: "/payment-pending", siteUrl: siteUrlFrom(matches), noindex: true });

export default function PaymentPending({ loaderData: { page, checkAgainHref } }: Route.ComponentProps) {
  const summary = page.kind === "order" ? page.summary : null;
  const reference = summary?.reference ?? (page.kind === "plain" || page.kind === "unavailable" ? page.reference : null);
  return <PendingPanel reference={reference} summary={summary} checkAgainHref={checkAgainHref} />;
}
