/**
 * Writes four receipts that test the layout (a small amount, one over one crore, one
 * with a concession and a late fee, a cancelled one) as PDFs into a folder, to print or turn
 * into pictures: `npx tsx scripts/receipt-samples.ts <folder>`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { receiptPdf } from "~/core/receipts/pdf.server";
import { showcaseReceipts } from "~/core/receipts/testing";

const folder = path.resolve(process.argv[2] ?? "receipt-samples");
mkdirSync(folder, { recursive: true });
for (const [name, receipt] of Object.entries(showcaseReceipts())) {
  const file = path.join(folder, `${name}.pdf`);
  writeFileSync(file, await receiptPdf(receipt, "https://www.kva-school.example"));
  console.log(file);
}
