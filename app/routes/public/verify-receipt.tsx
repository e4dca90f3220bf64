/**
 * /verify-receipt/{hash} (SPEC §2): the QR code on a receipt leads here. A code the
 * school issued shows 'Valid receipt' with the number, date, amount, purpose, status and the
 * student's masked name; anything else is a 404 page with a clear message, never a 5xx for a
 * code a visitor can type. Not indexed.
 */
import { data } from "react-router";
import type { Route } from "./+types/verify-receipt";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { VerificationPanel } from "~/core/receipts/components/verification-panel";
import { receiptByHash } from "~/core/receipts/issue.server";
import { isVerificationHash } from "~/core/receipts/issue.server";
import { verificationView } from "~/core/receipts/verify";
import { getDb } from "~/db/client.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import { formatRupeesExact } from "~/lib/money";

const noStore = { ...NO_STORE_HEADERS, "X-Robots-Tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const receipt = isVerificationHash(params.hash) ? await receiptByHash(await getDb(), params.hash) : null;
  if (!receipt) return data({ receipt: null }, { status: 404, headers: noStore });
  return data({ receipt: verificationView(receipt, formatRupeesExact) }, { headers: noStore });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({ title: "Verify a receipt", description: "Check a receipt issued by the school.", path: `/verify-receipt/${params.hash}`, siteUrl: siteUrlFrom(matches), noindex: true });

export default function VerifyReceipt({ loaderData }: Route.ComponentProps) {
  return <VerificationPanel receipt={loaderData.receipt} />;
}
