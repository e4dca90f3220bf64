/**
 * A receipt PDF as an HTTP answer: a download named after its number, never cached by shared
 * caches or indexed (it carries a child's name). Rejects when the PDF cannot be made.
 */
import { getConfig } from "~/lib/config.server";
import type { Receipt } from "./issue.server";
import { receiptFileName } from "./numbering";
import { receiptPdf } from "./pdf.server";

export async function receiptPdfResponse(receipt: Receipt): Promise<Response> {
  const pdf = await receiptPdf(receipt, getConfig().publicSiteUrl);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receiptFileName(receipt.number)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
