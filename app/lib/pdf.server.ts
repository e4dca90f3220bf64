/**
 * The scaffold every PDF the site makes stands on (receipts, the admission acknowledgement, the
 * fee statement, the brochure and the sample disclosure documents): an A4 PDFKit document in
 * Indian English with the school as author, the embedded DejaVu Sans (assets/fonts/) registered
 * as "body" and "bold" because PDFKit's standard fonts lack the rupee sign ₹, the bytes gathered
 * into one Buffer, the school's centred letterhead, and the HTTP answer that carries a PDF.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import { formatAddress, school } from "#content/school";

const FONT_DIR = path.resolve("assets/fonts");

export type PdfOptions = {
  /** The document's title, shown in the viewer's title bar. */
  title: string;
  subject?: string;
  /** Page margin on every side, points. */
  margin: number;
  /** Marks the file as tagged (PDF/UA's structure tree). */
  tagged?: boolean;
};

/**
 * Renders a document drawn by `draw` and resolves with its bytes. Rejects when PDFKit fails
 * (a missing font file, an image it cannot read) or `draw` throws.
 */
export function renderPdf(options: PdfOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: options.margin,
      info: { Title: options.title, ...(options.subject ? { Subject: options.subject } : {}), Author: school.name, Creator: school.name },
      lang: "en-IN",
      pdfVersion: "1.7",
      tagged: options.tagged ?? false,
      displayTitle: true,
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      doc.registerFont("body", readFileSync(path.join(FONT_DIR, "DejaVuSans.ttf")));
      doc.registerFont("bold", readFileSync(path.join(FONT_DIR, "DejaVuSans-Bold.ttf")));
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/**
 * The school's letterhead in black, centred from the top margin: name, address, CBSE
 * affiliation and school code, and (with `contacts`) the phones and first e-mail, then a rule
 * across the page. Returns the rule's y, in points.
 */
export function schoolHeader(doc: PDFKit.PDFDocument, { contacts = false }: { contacts?: boolean } = {}): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font("bold").fontSize(18).fillColor("#000000").text(school.name, left, doc.page.margins.top, { width, align: "center" });
  doc.font("body").fontSize(9.5).text(`${formatAddress()}, ${school.address.district}`, { width, align: "center" });
  doc.text(`CBSE Affiliation No. ${school.affiliationNo}  ·  School Code ${school.schoolCode}`, { width, align: "center" });
  if (contacts) doc.text(`${school.phones.map((p) => p.display).join("  ·  ")}  ·  ${school.emails[0]}`, { width, align: "center" });
  doc.moveDown(0.6);
  const y = doc.y;
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(1.2).strokeColor("#000000").stroke();
  return y;
}

export type PdfAnswer = {
  /** The name a browser saves it under; none: the URL's last segment. */
  fileName?: string;
  /** "attachment" downloads it, "inline" opens it in the browser (the default without a file name). */
  disposition?: "attachment" | "inline";
  /**
   * "personal": a child's or a family's data, never kept by any cache nor indexed;
   * "public": the same for everyone, kept an hour, or, with an `etag`, checked with the server
   * before each use (a changed fee must not wait an hour).
   */
  cache: "personal" | "public";
  /** The file's entity tag, for a public file that changes: a cache asks with If-None-Match (see `notModified`). */
  etag?: string;
  /** Keeps a public file out of search results too. */
  noindex?: boolean;
  /** Headers to carry along (a refreshed session cookie). */
  headers?: Headers;
};

/** A PDF as an HTTP answer: type, length, disposition, caching and indexing set once. */
export function pdfResponse(pdf: Buffer, answer: PdfAnswer): Response {
  const headers = new Headers(answer.headers);
  headers.set("Content-Type", "application/pdf");
  headers.set("Content-Length", String(pdf.length));
  if (answer.fileName) headers.set("Content-Disposition", `${answer.disposition ?? "attachment"}; filename="${answer.fileName}"`);
  headers.set("Cache-Control", answer.cache === "personal" ? "private, no-store" : answer.etag ? "public, no-cache" : "public, max-age=3600");
  if (answer.cache === "public" && answer.etag) headers.set("ETag", answer.etag);
  if (answer.cache === "personal" || answer.noindex) headers.set("X-Robots-Tag", "noindex");
  return new Response(new Uint8Array(pdf), { headers });
}

/**
 * 304 Not Modified for a request whose If-None-Match names `etag` (or "*"), compared weakly
 * (RFC 9110 §13.1.2); null when the file must be sent.
 */
export function notModified(request: Request, etag: string): Response | null {
  const asked = request.headers.get("If-None-Match");
  if (!asked) return null;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const matches = asked.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
  return matches ? new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": "public, no-cache" } }) : null;
}
