/**
 * /student-payment (SPEC §2 "payment response/return page") opened without a gateway's answer.
 * Gateways' returns (GET or POST) are handled before React Router by server/payments.ts, which
 * verifies, records and sends the parent to the result page; this page explains the address.
 */
import { Link } from "react-router";
import type { Route } from "./+types/student-payment";
import { listedPage, pageMeta, siteUrlFrom } from "~/features/content/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ ...listedPage("/student-payment"), siteUrl: siteUrlFrom(matches), noindex: true });

export default function StudentPayment() {
  return (
    <section className="mx-auto max-w-xl px-5 py-16">
      <h1 className="text-3xl font-extrabold text-brand-800">Payment Status</h1>
      <p className="mt-4 text-lg text-slate-700">
        This address receives the result of a payment from the bank and takes you to it. There is no payment result to show here now.
      </p>
      <Link to="/payment-portal" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Go to the payment portal
      </Link>
    </section>
  );
}
