/**
 * The acknowledgement of an application as a PDF: A4, black on white, the embedded
 * DejaVu Sans as receipts use (₹). It carries the school, the application's number and status,
 * the child's photo, every detail of the form, the fee's receipt number, and the next step.
 * The photo drawn is always the normalised JPEG copy (documents.server.ts `documentView`):
 * PDFKit embeds a JPEG as it is, while it would decode a PNG's every pixel in JavaScript on the
 * event loop. A photo that cannot be shown (over the image bounds, or sent as a PDF) leaves a
 * note in its box instead.
 */
import type { Database } from "~/db/client.server";
import { APPLICATION_STATUS_LABELS } from "~/db/admission-values";
import { getConfig } from "~/lib/config.server";
import { formatDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { keepTogether, renderPdf, schoolHeader } from "~/lib/pdf.server";
import { formatCutOff } from "./age";
import { applicationByPublicId, documentsOf, type ApplicationWithSession } from "./applications.server";
import { documentView, type DocumentView } from "./documents.server";
import { nextStep } from "./next-steps";
import { acknowledgementFileName } from "./numbering";
import { applicationPayment } from "./payment.server";

const GREY = "#555555";

/** The photo's box: the normalised JPEG, a note in its place, or nothing (no photo). */
export type AcknowledgementPhoto = { jpeg: Buffer } | { note: string } | null;

/** What the box shows for the photo's view (documentView), null when there is no photo. */
export function acknowledgementPhoto(view: DocumentView | null): AcknowledgementPhoto {
  if (!view || view.kind === "missing") return null;
  if (view.kind === "file") return view.contentType === "image/jpeg" ? { jpeg: view.bytes } : { note: "Photograph received as a PDF file." };
  if (view.kind === "refused") return { note: view.problem === "unreadable" ? "Photograph received: it could not be read to print." : "Photograph received: too large a picture to print." };
  return { note: "Photograph received: not printed just now. Download again later." };
}

export type AcknowledgementFacts = {
  application: ApplicationWithSession;
  photo: AcknowledgementPhoto;
  receiptNumber: string | null;
  paymentReference: string | null;
  /** PUBLIC_SITE_URL, for the status page's address. */
  siteUrl: string;
};

/**
 * The acknowledgement of the application with public id `publicId` as it stands now (its photo,
 * its fee's receipt), for the PDF download and the "application received" e-mail; null for an
 * unknown id. Rejects when the database or PDFKit fails.
 */
export async function acknowledgementFor(db: Database, publicId: string): Promise<{ pdf: Buffer; fileName: string } | null> {
  const application = await applicationByPublicId(db, publicId);
  if (!application) return null;
  const photoRow = (await documentsOf(db, application.id)).find((d) => d.kind === "photo");
  const [photo, payment] = await Promise.all([photoRow ? documentView(photoRow) : null, applicationPayment(db, application.publicId)]);
  const pdf = await acknowledgementPdf({ application, photo: acknowledgementPhoto(photo), receiptNumber: payment?.receiptNumber ?? null, paymentReference: payment?.order.reference ?? null, siteUrl: getConfig().publicSiteUrl });
  return { pdf, fileName: acknowledgementFileName(application.number) };
}

/** Renders the acknowledgement; rejects when PDFKit fails (a missing font, a broken image). */
export function acknowledgementPdf(facts: AcknowledgementFacts): Promise<Buffer> {
  const a = facts.application;
  return renderPdf({ title: `Application ${a.number}`, margin: 48, footer: (page, pages) => `Application No. ${a.number} · page ${page} of ${pages}` }, (doc) => draw(doc, facts));
}

function draw(doc: PDFKit.PDFDocument, { application: a, photo, receiptNumber, paymentReference, siteUrl }: AcknowledgementFacts) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;
  let y = schoolHeader(doc);
  y += 12;
  doc.font("bold").fontSize(15).text("APPLICATION FOR ADMISSION: ACKNOWLEDGEMENT", left, y, { width: width - 110 });
  doc.font("body").fontSize(10).text(`Session ${a.sessionName}`, left, doc.y + 2, { width: width - 110 });
  doc.font("bold").fontSize(12).text(`Application No. ${a.number}`, left, doc.y + 8, { width: width - 110 });
  doc.font("body").fontSize(10).text(`Status: ${APPLICATION_STATUS_LABELS[a.status]}`, { width: width - 110 });
  doc.text(`Received: ${formatDateTime(a.createdAt)} (IST)`, { width: width - 110 });
  if (a.submittedAt) doc.text(`Fee paid: ${formatDateTime(a.submittedAt)} (IST)`, { width: width - 110 });
  doc.text(`Application fee: ${formatRupees(a.feePaise)}${receiptNumber ? `, receipt No. ${receiptNumber}` : ", not paid yet"}${paymentReference ? ` (payment ${paymentReference})` : ""}`, { width: width - 110 });
  const photoY = y;
  const textEnd = doc.y;
  if (photo && "jpeg" in photo) {
    try {
      doc.image(photo.jpeg, right - 96, photoY, { fit: [96, 120], align: "center" });
    } catch {
      // A photo PDFKit cannot read is left out; the office has the file.
    }
  } else if (photo) {
    doc.font("body").fontSize(8).fillColor(GREY).text(photo.note, right - 90, photoY + 40, { width: 84, align: "center" }).fillColor("#000000");
  }
  doc.rect(right - 96, photoY, 96, 120).lineWidth(0.8).stroke();
  y = Math.max(textEnd + 14, photoY + 134);

  const d = a.details;
  const sections: [string, [string, string | null][]][] = [
    ["The child", [
      ["Name", a.childName],
      ["Date of birth", `${formatCutOff(a.dateOfBirth)}`],
      ["Gender", d.gender],
      ["Class applied for", a.classApplied],
      ["Nationality", d.nationality],
      ["Mother tongue", d.motherTongue],
      ["Blood group", d.bloodGroup],
      ["Category", d.category],
      ["Aadhaar", d.aadhaar ? `XXXX XXXX ${d.aadhaar.slice(-4)}` : null],
      ["Sibling in the school", d.siblingAdmissionNumber],
      ["Previous school", d.previousSchool],
      ["Last class passed", d.lastClassPassed],
    ]],
    ["Parents or guardian", [
      ["Father", [d.fatherName, d.fatherOccupation].filter(Boolean).join(", ") || null],
      ["Father's mobile and e-mail", [d.fatherMobile, d.fatherEmail].filter(Boolean).join(", ") || null],
      ["Mother", [d.motherName, d.motherOccupation].filter(Boolean).join(", ") || null],
      ["Mother's mobile and e-mail", [d.motherMobile, d.motherEmail].filter(Boolean).join(", ") || null],
      ["Guardian", [d.guardianName, d.guardianRelation].filter(Boolean).join(", ") || null],
      ["Registered mobile", a.mobile],
      ["E-mail", a.email],
      ["Address", `${d.address}, ${d.city}, ${d.state} ${d.pinCode}`],
    ]],
    ["Documents", [
      ["Photograph", "Received"],
      ["Birth certificate", a.birthCertificateLater ? "To be submitted later" : "Received"],
    ]],
  ];
  // A section's title stays with its first row; a row moves whole to the next page when it does not fit.
  const valueWidth = width - 165;
  const rowHeight = (value: string) => Math.max(12, doc.font("body").fontSize(10).heightOfString(value, { width: valueWidth })) + 3;
  for (const [title, rows] of sections) {
    const shown = rows.filter((r): r is [string, string] => Boolean(r[1]));
    y = keepTogether(doc, y, 22 + (shown[0] ? rowHeight(shown[0][1]) : 0));
    doc.font("bold").fontSize(11.5).fillColor("#000000").text(title, left, y, { width });
    y = doc.y + 4;
    for (const [label, value] of shown) {
      y = keepTogether(doc, y, rowHeight(value));
      doc.font("body").fontSize(9).fillColor(GREY).text(label, left, y, { width: 160 });
      doc.font("body").fontSize(10).fillColor("#000000").text(value, left + 165, y, { width: valueWidth });
      y += rowHeight(value);
    }
    y += 8;
  }
  const step = nextStep(a.status, a.birthCertificateLater, a.admissionNumber);
  const keep = `Keep this acknowledgement and quote the application number in every message. Check the status at any time on ${siteUrl.replace(/\/+$/, "")}/admissions/status with the number and the registered mobile.`;
  const closing = 22 + doc.font("body").fontSize(10).heightOfString(step, { width }) + 12 + doc.fontSize(8.5).heightOfString(keep, { width });
  y = keepTogether(doc, y, closing);
  doc.font("bold").fontSize(11.5).fillColor("#000000").text("Next step", left, y, { width });
  doc.font("body").fontSize(10).text(step, { width });
  doc.moveDown(0.8);
  doc.fontSize(8.5).fillColor(GREY).text(keep, { width });
}
