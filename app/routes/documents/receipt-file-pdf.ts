/**
 * /receipts/file/{token}: the PDF a parent found on /receipt-download, through a link signed
 * with RECEIPT_SECRET that lasts 15 minutes. A forged or expired link is a 404.
 */
import { data } from "react-router";
import type { Route } from "./+types/receipt-file-pdf";
import { getDb } from "~/db/client.server";
import { receiptForToken } from "~/core/receipts/download.server";
import { receiptPdfResponse } from "~/core/receipts/pdf.server";
import { getConfig } from "~/lib/config.server";
import { NO_STORE_HEADERS } from "~/lib/http";

export async function loader({ params }: Route.LoaderArgs) {
  const receipt = await receiptForToken(await getDb(), getConfig().receiptSecret, params.token);
  if (!receipt) throw data("This download link has expired or is not valid. Find the receipt again on /receipt-download.", { status: 404, headers: NO_STORE_HEADERS });
  return receiptPdfResponse(receipt);
}
