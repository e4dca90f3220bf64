/**
 * The receipt as a PDF (PAYMENTS.md §D): A4, black on white so it prints and copies
 * in black and white, with the embedded DejaVu Sans (assets/fonts/) for the rupee sign ₹ that
 * PDFKit's standard fonts lack. It carries the school's name, address, CBSE affiliation number
 * and school code; the receipt's number, date and time (IST); the student, class and section,
 * admission (or application) number and parent; each fee head on its own line with its period
 * (Tuition Fee apart from other heads, for Income Tax Act s.80C; concessions and late fees as
 * their own signed lines); the total in figures and in words (Indian system); the payment mode,
 * gateway reference and bank UTR; a QR code of the verification URL with the URL beneath; and a
 * CANCELLED mark with the date and reason when cancelled.
 */
import QRCode from "qrcode";
import { amountInWords } from "~/lib/amount-words";
import { getConfig } from "~/lib/config.server";
import { formatDateTime } from "~/lib/dates";
import { formatRupeesExact } from "~/lib/money";
import { drawTable, keepTogether, pageBottom, pdfResponse, renderPdf, schoolHeader, type PdfColumn } from "~/lib/pdf.server";
import type { Receipt } from "./issue.server";
import { receiptFileName } from "./numbering";

const INK = "#000000";
const GREY = "#555555";
const RULE = "#777777";
const LINE_KIND_LABELS = { tuition: "Tuition fee", fee: "Other fee", late_fee: "Late fee", concession: "Concession" } as const;

/** The verification URL printed under the QR code: `${siteUrl}/verify-receipt/${hash}`. */
export function verificationUrl(siteUrl: string, hash: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/verify-receipt/${hash}`;
}

/** Draws the QR code of `text` as vector squares, `size` points wide, at (x, y). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  doc.rect(x, y, size, size).fill("#ffffff");
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
    }
  }
  doc.fill(INK);
}

/**
 * Renders `receipt` as PDF bytes. `siteUrl` is PUBLIC_SITE_URL (the QR code's origin).
 * Rejects when PDFKit fails (a missing font file).
 */
export function receiptPdf(receipt: Receipt, siteUrl: string): Promise<Buffer> {
  const url = verificationUrl(siteUrl, receipt.verificationHash);
  const cancelled = receipt.status === "cancelled";
  return renderPdf(
    {
      title: `Receipt ${receipt.number}${cancelled ? " (CANCELLED)" : ""}`,
      subject: `${receipt.purpose}, ${receipt.student.name}`,
      margin: 48,
      footer: (page, pages) => `Receipt No. ${receipt.number}${cancelled ? " (CANCELLED)" : ""} · page ${page} of ${pages}`,
      ...(cancelled ? { overlay: cancelledMark } : {}),
    },
    (doc) => draw(doc, receipt, url),
  );
}

function draw(doc: PDFKit.PDFDocument, receipt: Receipt, url: string) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;
  const cancelled = receipt.status === "cancelled";

  let y = schoolHeader(doc, { contacts: true });

  // Title, number and date.
  y += 12;
  doc.font("bold").fontSize(15).text("FEE RECEIPT", left, y, { width: width / 2 });
  doc.font("body").fontSize(9.5).fillColor(GREY).text(receipt.purpose, left, y + 20, { width: width / 2 });
  doc.fillColor(INK).font("body").fontSize(10);
  doc.text("Receipt No.", left + width / 2, y, { width: width / 2 - 150, continued: false });
  doc.font("bold").text(receipt.number, right - 160, y, { width: 160, align: "right" });
  doc.font("body").text("Date and time (IST)", left + width / 2, y + 16, { width: width / 2 - 150 });
  doc.font("bold").text(formatDateTime(receipt.issuedAt), right - 160, y + 16, { width: 160, align: "right" });

  if (cancelled) {
    y += 42;
    const box = `CANCELLED on ${formatDateTime(receipt.cancelledAt!)}. Reason: ${receipt.cancelReason}`;
    const h = doc.font("bold").fontSize(11).heightOfString(box, { width: width - 20 }) + 14;
    doc.rect(left, y, width, h).lineWidth(2).strokeColor(INK).stroke();
    doc.fillColor(INK).text(box, left + 10, y + 7, { width: width - 20 });
    y += h - 26;
  }

  // Student.
  y += 44;
  const s = receipt.student;
  const facts: [string, string][] = [
    ["Student", s.name],
    ["Class and section", [s.className, s.section].filter(Boolean).join(" – ") || "—"],
    s.admissionNumber ? ["Admission No.", s.admissionNumber] : ["Application No.", s.applicationNumber ?? "—"],
    ["Parent", s.parentName ?? "—"],
    ["Session", s.session ?? "—"],
    ["Paid on (IST)", formatDateTime(receipt.paidAt)],
  ];
  const colWidth = width / 2;
  facts.forEach(([label, value], i) => {
    const x = left + (i % 2) * colWidth;
    const rowY = y + Math.floor(i / 2) * 30;
    doc.font("body").fontSize(8.5).fillColor(GREY).text(label, x, rowY, { width: colWidth - 10 });
    doc.font("bold").fontSize(10.5).fillColor(INK).text(value, x, rowY + 11, { width: colWidth - 10, lineBreak: false, ellipsis: true });
  });
  y += Math.ceil(facts.length / 2) * 30 + 10;

  // Lines: a row moves whole to the next page, where the header row is drawn again.
  const columns: PdfColumn[] = [{ title: "#", width: 26 }, { title: "Fee head", width: width - 26 - 150 - 120 }, { title: "Period", width: 150 }, { title: "Amount", width: 120, align: "right" }];
  const rows = receipt.lines.map((line, i) => [
    String(i + 1),
    line.kind === "concession" || line.kind === "late_fee" ? `${line.head} (${LINE_KIND_LABELS[line.kind].toLowerCase()})` : line.head,
    line.period ?? "—",
    line.kind === "late_fee" ? `+${formatRupeesExact(line.amountPaise)}` : formatRupeesExact(line.amountPaise),
  ]);
  y = drawTable(doc, left, y, columns, rows, {
    fontSize: 10,
    padX: 5,
    padY: 6,
    minRowHeight: 22,
    header: (top, h) => doc.rect(left, top, width, h).lineWidth(1).strokeColor(INK).stroke(),
    row: (top, h) => doc.moveTo(left, top + h).lineTo(right, top + h).lineWidth(0.5).strokeColor(RULE).stroke(),
  });

  // The total, the payment and the verification stay together: on this page when they fit, else on the next.
  const p = receipt.payment;
  const payment: [string, string][] = [["Payment mode", p.mode]];
  if (p.gatewayReference) payment.push(["Gateway reference", p.gatewayReference]);
  if (p.bankReference) payment.push(["Bank reference (UTR)", p.bankReference]);
  if (p.instrument) payment.push(["Cheque / DD", p.instrument]);
  const words = `Amount in words: ${amountInWords(receipt.totalPaise)}`;
  const qrSize = 112;
  const footHeight = qrSize + 70;
  if (p.note) payment.push(["Note", p.note]);
  const paymentHeight = payment.reduce((sum, [, value]) => sum + doc.font("body").fontSize(10).heightOfString(value, { width: width - 140 }) + 4, 0);
  const blockHeight = 30 + doc.font("bold").fontSize(10).heightOfString(words, { width }) + 22 + paymentHeight + 16 + footHeight;
  y = keepTogether(doc, y, blockHeight);

  doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(INK).stroke();
  doc.font("bold").fontSize(12).fillColor(INK).text("Total paid", left + 5, y + 8, { width: width - 140 });
  doc.text(formatRupeesExact(receipt.totalPaise), right - 170, y + 8, { width: 165, align: "right" });
  y += 30;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(INK).stroke();
  doc.font("body").fontSize(10).text("Amount in words: ", left, y + 8, { continued: true, width }).font("bold").text(amountInWords(receipt.totalPaise));
  y = doc.y + 14;

  for (const [label, value] of payment) {
    doc.font("body").fontSize(10).fillColor(GREY).text(label, left, y, { width: 140 });
    doc.fillColor(INK).text(value, left + 140, y, { width: width - 140 });
    y = doc.y + 4;
  }

  // Verification and notes, at the foot of the page.
  const footY = Math.max(y + 16, pageBottom(doc) - footHeight);
  doc.moveTo(left, footY).lineTo(right, footY).lineWidth(0.5).strokeColor(RULE).stroke();
  drawQr(doc, url, left, footY + 10, qrSize);
  const noteX = left + qrSize + 16;
  const noteW = width - qrSize - 16;
  doc.font("bold").fontSize(10).fillColor(INK).text("Computer-generated receipt; no signature required", noteX, footY + 16, { width: noteW });
  doc.font("body").fontSize(9).text("Scan the QR code, or open the address below it, to check this receipt with the school.", noteX, doc.y + 4, { width: noteW });
  doc.fillColor(GREY).text("School fees are exempt from GST (Notification 12/2017-Central Tax (Rate), entry 66): this receipt is not a tax invoice.", noteX, doc.y + 4, { width: noteW });
  doc.font("body").fontSize(8.5).fillColor(INK).text(url, left, footY + qrSize + 14, { width, lineBreak: false });
}

/** The CANCELLED watermark across a page; the boxed line on the first page says why, for a black-and-white copy. */
function cancelledMark(doc: PDFKit.PDFDocument) {
  doc.save();
  doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
  doc.font("bold").fontSize(84).fillColor(INK).fillOpacity(0.12).text("CANCELLED", -150, doc.page.height / 2 - 50, { width: doc.page.width + 300, align: "center", lineBreak: false });
  doc.restore();
}

/**
 * A receipt PDF as an HTTP answer: a download named after its number, never cached by shared
 * caches or indexed (it carries a child's name). Rejects when the PDF cannot be made.
 */
export async function receiptPdfResponse(receipt: Receipt): Promise<Response> {
  const pdf = await receiptPdf(receipt, getConfig().publicSiteUrl);
  return pdfResponse(pdf, { fileName: receiptFileName(receipt.number), cache: "personal" });
}
