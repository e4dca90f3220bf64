/**
 * /student-payment (SPEC §2 "payment response/return page") opened without a gateway's answer.
 * Gateways' returns (GET or POST) are handled before React Router by server/payments.ts, which
 * verifies, records and sends the parent to the result page; this page explains the address.
 */
import type { Route } from "./+types/student-payment";
import { listedPage, pageMeta, siteUrlFrom } from "~/features/content/meta";
import { ButtonLink } from "~/components/button";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ ...listedPage("/student-payment"), siteUrl: siteUrlFrom(matches), noindex: true });

export default function StudentPayment() {
  return (
    <section className="mx-auto max-w-xl px-5 py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">Payment Status</h1>
      <p className="mt-4 text-lg text-slate-700">
        This address receives the result of a payment from the bank and takes you to it. There is no payment result to show here now.
      </p>
      <ButtonLink to="/payment-portal" size="lg" className="mt-8 inline-block">
        Go to the payment portal
      </ButtonLink>
    </section>
  );
}
