/**
 * PDFs made from content with PDFKit: the school brochure (/documents/school-brochure.pdf) and
 * the placeholder documents of the mandatory disclosure. The placeholders are prerendered at
 * build; the brochure holds the fee book's figures and is made by the server
 * (app/brochure.server.ts). Text uses the embedded DejaVu Sans (assets/fonts/), which has
 * the rupee sign ₹ that PDFKit's standard fonts lack.
 */
import { stages } from "#content/curriculum";
import { formatAddress, school } from "#content/school";
import { formatDisplayDate, kolkataDate } from "~/lib/dates";
import { drawTable, renderPdf } from "~/lib/pdf.server";
import type { FeeFigures } from "./fees";
import { getContentPage } from "./pages.server";

const BRAND = "#12305a";
const ACCENT = "#b45309";
const TEXT = "#1e293b";

/** Renders a document built by `draw`, in the body font and text colour, and resolves with the PDF bytes. */
function render(info: { title: string; subject: string }, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return renderPdf({ ...info, margin: 50, tagged: true }, (doc) => {
    doc.font("body").fillColor(TEXT);
    draw(doc);
  });
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  if (doc.y > doc.page.height - 160) doc.addPage();
  doc.moveDown(0.8).font("bold").fontSize(14).fillColor(BRAND).text(text).moveDown(0.3);
  doc.font("body").fontSize(10).fillColor(TEXT);
}

function bullets(doc: PDFKit.PDFDocument, items: readonly string[]) {
  for (const item of items) doc.text(`•  ${item}`, { indent: 8, paragraphGap: 3 });
}

/** A table: column widths in points; the first row is the header, drawn again on each page the table reaches. */
function table(doc: PDFKit.PDFDocument, rows: readonly (readonly string[])[], widths: readonly number[]) {
  const x0 = doc.page.margins.left;
  const total = widths.reduce((a, b) => a + b, 0);
  const columns = widths.map((width, c) => ({ title: rows[0]![c]!, width }));
  const rule = (y: number, h: number) => doc.moveTo(x0, y + h).lineTo(x0 + total, y + h).strokeColor("#cbd5e1").lineWidth(0.5).stroke();
  drawTable(doc, x0, doc.y, columns, rows.slice(1), {
    fontSize: 9,
    padX: 4,
    padY: 4,
    color: TEXT,
    headerColor: BRAND,
    header: (y, h) => {
      doc.rect(x0, y, total, h).fill("#eef5ff");
      rule(y, h);
    },
    row: rule,
  });
  doc.fontSize(10).fillColor(TEXT).moveDown(0.5);
}

/**
 * The school brochure as a PDF (A4, two to three pages), built from content/ and `fees` (/fee's
 * figures, app/fee-figures.ts): school facts, the overview, stages and streams, facilities, the
 * fees and age criteria, how to apply and contact details. `now` dates the edition.
 */
export function schoolBrochurePdf(fees: FeeFigures, now = new Date()): Promise<Buffer> {
  const overview = getContentPage("/overview");
  const facilities = getContentPage("/facilities");
  const admissions = getContentPage("/admissions-overview");
  return render({ title: `${school.name} – School Brochure`, subject: `${school.board} school in ${school.address.locality}, ${school.classes}` }, (doc) => {
    const width = doc.page.width;
    doc.rect(0, 0, width, 130).fill(BRAND);
    doc.font("bold").fontSize(24).fillColor("#ffffff").text(school.name, 50, 38, { width: width - 100 });
    doc.font("body").fontSize(11).fillColor("#fde68a").text(`${school.tagline} · Affiliated to CBSE, New Delhi (Affiliation No. ${school.affiliationNo}, School Code ${school.schoolCode})`, { width: width - 100 });
    doc.fillColor(TEXT).fontSize(10);
    doc.x = 50;
    doc.y = 150;

    const f = school.figures;
    doc.font("bold").fontSize(11).fillColor(ACCENT).text(`${f.students} students  ·  ${f.cbseResults} CBSE results  ·  ${f.parentRating}/5 parent rating  ·  since ${school.foundingYear}`);
    doc.font("body").fontSize(10).fillColor(TEXT).moveDown(0.6).text(overview.lead, { align: "left" });

    heading(doc, "Stages and streams");
    for (const s of stages) {
      doc.font("bold").text(s.name, { continued: true }).font("body").text(` — ${s.description}`, { paragraphGap: 4 });
    }

    heading(doc, "Facilities");
    bullets(doc, facilities.highlights.map((h) => `${h.title}: ${h.text}`));

    if (fees.session) {
      heading(doc, `Fee structure, session ${fees.session}`);
      if (fees.notice) doc.text(fees.notice, { paragraphGap: 4 });
      table(
        doc,
        [["Class", "Fees", "First year in all"], ...fees.groups.map((g) => [g.label, g.heads.map((h) => `${h.name}: ${h.amount} ${h.per}`).join("\n"), g.firstYearTotal])],
        [155, 240, 100],
      );
      bullets(doc, [...fees.bus.map((b) => `School bus, ${b.name}: ${b.amount} ${b.per}`), ...fees.concessions.map((c) => `${c.name}: ${c.text}`), ...(fees.dueAndLate ? [fees.dueAndLate] : [])]);
    } else {
      heading(doc, "Fees");
      if (fees.noBook) doc.text(`${fees.noBook.text} ${fees.noBook.phone}.`, { paragraphGap: 4 });
    }
    if (fees.applicationFee) doc.text(`Application fee: ${fees.applicationFee}, paid online with the application form.`, { paragraphGap: 4 });

    if (fees.cutoffLabel) {
      heading(doc, `Age criteria (age on ${fees.cutoffLabel})`);
      table(doc, [["Class", "Minimum age", "Date of birth between"], ...fees.ages.map((a) => [a.className, `${a.minimumAge}+ years`, `${a.bornFromLabel} and ${a.bornToLabel}`])], [155, 100, 240]);
    }

    heading(doc, "How to apply");
    // The steps are numbered in their titles ("1. Enquire or visit").
    for (const h of admissions.highlights) doc.text(`${h.title}: ${h.text}`, { paragraphGap: 3 });

    heading(doc, "Contact us");
    doc.text(formatAddress());
    doc.text(school.phones.map((p) => `${p.label}: ${p.display}`).join("   ·   "));
    doc.text(school.emails.join("   ·   "));
    doc.text(`Office hours: ${school.hours.days}, ${school.hours.open} – ${school.hours.close}`);
    doc.moveDown(1).fontSize(8).fillColor("#475569").text(`Edition of ${formatDisplayDate(kolkataDate(now))}. Fees and dates are those published on the school website; the website is always the latest version.`);
  });
}

/**
 * A one-page placeholder for a mandatory-disclosure document the school has not uploaded yet:
 * it names the document and says plainly that it is a sample.
 */
export function sampleDocumentPdf(label: string): Promise<Buffer> {
  return render({ title: `SAMPLE – ${label}`, subject: "Placeholder for a mandatory public disclosure document" }, (doc) => {
    doc.font("bold").fontSize(28).fillColor("#b91c1c").text("SAMPLE DOCUMENT", { align: "center" });
    doc.moveDown(1).font("bold").fontSize(14).fillColor(BRAND).text(label, { align: "center" });
    doc.moveDown(1).font("body").fontSize(11).fillColor(TEXT).text(
      `This is a placeholder. ${school.name} will upload here a self-attested copy of this document, as Appendix IX of the CBSE Affiliation Bye-Laws requires.`,
      { align: "center" },
    );
    doc.moveDown(1).text(`${school.name}, ${formatAddress()}. CBSE Affiliation No. ${school.affiliationNo}, School Code ${school.schoolCode}.`, { align: "center" });
  });
}
