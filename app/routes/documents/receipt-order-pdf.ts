/**
 * /receipts/order/{orderPublicId}[/{n}]: the receipt of a paid order (the `n`th, from 2, of a
 * family's order, which has one per student and fee), linked from the payment success page and
 * the administrator's order page. The order's public id is unguessable (128 bits), like the
 * success page's own link; anything else is a 404.
 */
import { data } from "react-router";
import type { Route } from "./+types/receipt-order-pdf";
import { getDb } from "~/db/client.server";
import { receiptForOrderPublicId } from "~/core/receipts/issue.server";
import { receiptPdfResponse } from "~/core/receipts/pdf.server";
import { NO_STORE_HEADERS } from "~/lib/http";

export async function loader({ params }: Route.LoaderArgs) {
  const n = params.n === undefined ? 1 : /^[2-9]$|^[1-9]\d$/.test(params.n) ? Number(params.n) : null;
  const receipt = n !== null && /^[A-Za-z0-9_-]{22}$/.test(params.publicId) ? await receiptForOrderPublicId(await getDb(), params.publicId, n) : null;
  if (!receipt) throw data("No receipt for this payment.", { status: 404, headers: NO_STORE_HEADERS });
  return receiptPdfResponse(receipt);
}
