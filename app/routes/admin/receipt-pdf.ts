/** /admin/receipts/{id}: the administrator re-downloads any receipt. */
import { data } from "react-router";
import type { Route } from "./+types/receipt-pdf";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { receiptById } from "~/core/receipts/issue.server";
import { receiptPdfResponse } from "~/core/receipts/pdf.server";
import { NO_STORE_HEADERS } from "~/lib/http";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "fees.view");
  const receipt = /^\d{1,10}$/.test(params.id) ? await receiptById(await getDb(), Number(params.id)) : null;
  if (!receipt) throw data("No such receipt.", { status: 404, headers: NO_STORE_HEADERS });
  return receiptPdfResponse(receipt);
}
