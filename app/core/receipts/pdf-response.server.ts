/**
 * A receipt PDF as an HTTP answer: a download named after its number, never cached by shared
 * caches or indexed (it carries a child's name). Rejects when the PDF cannot be made.
 */
import { getConfig } from "~/lib/config.server";
import { pdfResponse } from "~/lib/pdf.server";
import type { Receipt } from "./issue.server";
import { receiptFileName } from "./numbering";
import { receiptPdf } from "./pdf.server";

export async function receiptPdfResponse(receipt: Receipt): Promise<Response> {
  const pdf = await receiptPdf(receipt, getConfig().publicSiteUrl);
  return pdfResponse(pdf, { fileName: receiptFileName(receipt.number), cache: "personal" });
}
