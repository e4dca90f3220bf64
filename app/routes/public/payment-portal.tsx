/** /payment-portal (SPEC §2 "Fee payment entry"); ?verify=<code> goes to that receipt's verification page. */
import { data, redirect } from "react-router";
import type { Route } from "./+types/payment-portal";
import { listedPage, pageMeta, siteUrlFrom } from "~/features/content/meta";
import { PaymentPortal } from "~/features/fees/components/payment-portal";
import type { PageHandle } from "~/lib/without-react";

export function loader({ request }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get("verify");
  if (code === null) return data({ verifyError: null });
  // A code from the receipt's link: the last part of /verify-receipt/<code>, base64url.
  const clean = code.trim().split("/").pop() ?? "";
  if (/^[A-Za-z0-9_-]{8,100}$/.test(clean)) throw redirect(`/verify-receipt/${clean}`, 303);
  return data({ verifyError: "That is not a verification code. Copy it as printed under the QR code." }, { status: 400 });
}

/** Links and a form that asks for a page: no React in the browser (app/lib/without-react.ts). */
export const handle: PageHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ ...listedPage("/payment-portal"), siteUrl: siteUrlFrom(matches) });

export default function PaymentPortalPage({ loaderData }: Route.ComponentProps) {
  return <PaymentPortal verifyError={loaderData.verifyError} />;
}
