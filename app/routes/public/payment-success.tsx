/**
 * /payment-success (SPEC §2): the SPEC's words, and with `?order=` what was paid and its links
 * (the receipt). An application fee's page says instead that the application is received and
 * offers its acknowledgement first: the applicant has no fee page to go back to. An order that
 * is not paid is sent to its own page.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/payment-success";
import { ResultPanel } from "~/features/content/components/result-panel";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { OrderSummary } from "~/core/payments/components/order-summary";
import { PendingPanel } from "~/core/payments/components/pending-panel";
import type { PaymentPurpose } from "~/core/payments/orders.server";
import { resultPageData } from "~/core/payments/result-page.server";
import type { OrderSummaryData } from "~/core/payments/labels";
import { payments } from "~/payment-purposes.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import { buttonClass } from "~/components/button";
import type { PageHandle } from "~/lib/without-react";

export async function loader({ request }: Route.LoaderArgs) {
  // The summary leaves the order's purpose out; the view it is made from has it.
  const seen: { purpose?: PaymentPurpose } = {};
  const view = async (id: string) => {
    const order = await payments.view(id);
    seen.purpose = order?.purpose;
    return order;
  };
  const page = await resultPageData({ view }, new URL(request.url), "/payment-success");
  if (page.kind === "redirect") throw redirect(page.location, { headers: NO_STORE_HEADERS });
  return data({ ...page, applicationFee: page.kind === "order" && seen.purpose === "application_fee" }, { headers: NO_STORE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A page of text and links: no React in the browser (app/lib/without-react.ts). */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  page?.applicationFee
    ? pageMeta({ title: APPLICATION_RECEIVED.title, description: APPLICATION_RECEIVED.text, path: "/payment-success", siteUrl: siteUrlFrom(matches), noindex: true })
    : pageMeta({ title: "Payment Successful", description: "Your fee payment has been processed successfully.", path: "/payment-success", siteUrl: siteUrlFrom(matches), noindex: true });

const APPLICATION_RECEIVED = {
  title: "Application received!",
  text: "Your application fee is paid and your application has reached the school. Keep the acknowledgement: its application number and your mobile number let you check the status.",
};
const primary = buttonClass({ size: "xl", className: "inline-block" });
const secondary = buttonClass({ variant: "secondary", className: "inline-block" });

/** Links after what was paid: the acknowledgement (an application fee's) first and prominent. */
function PaidLinks({ links, acknowledgementFirst }: { links: OrderSummaryData["links"]; acknowledgementFirst: boolean }) {
  const isAcknowledgement = (href: string) => acknowledgementFirst && href.startsWith("/admissions/acknowledgement/");
  const ordered = [...links].sort((a, b) => Number(isAcknowledgement(b.href)) - Number(isAcknowledgement(a.href)));
  if (ordered.length === 0) return null;
  return (
    <ul className={`flex flex-wrap items-center justify-center gap-3 ${acknowledgementFirst ? "mt-8" : "mt-4"}`}>
      {ordered.map((link) => (
        <li key={link.href}>
          <a href={link.href} download={link.download} className={isAcknowledgement(link.href) ? primary : secondary}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "unavailable") return <PendingPanel reference={loaderData.reference} summary={null} checkAgainHref={null} />;
  const summary = loaderData.kind === "order" ? loaderData.summary : null;
  if (summary && loaderData.applicationFee) {
    return (
      <ResultPanel tone="success" title={APPLICATION_RECEIVED.title} message={APPLICATION_RECEIVED.text}>
        <PaidLinks links={summary.links} acknowledgementFirst />
        <div className="mt-8 w-full">
          <OrderSummary summary={summary} showPaid />
        </div>
      </ResultPanel>
    );
  }
  return (
    <ResultPanel
      tone="success"
      title="Payment Successful!"
      message="Your fee payment has been processed successfully."
      action={{ label: "Back to Fee Payment", to: "/fee-payment" }}
    >
      {summary && (
        <div className="mt-8 w-full">
          <OrderSummary summary={summary} showPaid />
          <PaidLinks links={summary.links} acknowledgementFirst={false} />
        </div>
      )}
    </ResultPanel>
  );
}
