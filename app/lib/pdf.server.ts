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
  /**
   * The line printed at the foot of every page of a document of more than one page
   * ("Receipt KVA/2026-27/000001 · page 2 of 3"), given the page (from 1) and the page count.
   */
  footer?: (page: number, pages: number) => string;
  /** Drawn over every page once the document is complete (a CANCELLED watermark). */
  overlay?: (doc: PDFKit.PDFDocument) => void;
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
      bufferPages: Boolean(options.footer ?? options.overlay),
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      doc.registerFont("body", readFileSync(path.join(FONT_DIR, "DejaVuSans.ttf")));
      doc.registerFont("bold", readFileSync(path.join(FONT_DIR, "DejaVuSans-Bold.ttf")));
      draw(doc);
      if (options.footer ?? options.overlay) finishPages(doc, options);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** Draws `overlay` and, on a document of several pages, `footer` on every buffered page. */
function finishPages(doc: PDFKit.PDFDocument, { footer, overlay }: PdfOptions) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    overlay?.(doc);
    if (!footer || range.count < 2) continue;
    // The footer sits in the bottom margin: lift the margin while it is drawn so PDFKit adds no page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const left = doc.page.margins.left;
    doc.font("body").fontSize(8).fillColor("#555555").text(footer(i - range.start + 1, range.count), left, doc.page.height - bottom / 2 - 4, { width: doc.page.width - left - doc.page.margins.right, align: "center", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
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

/** A column of a `drawTable` table: its heading, width in points, and alignment. */
export type PdfColumn = { title: string; width: number; align?: "left" | "right" };

export type PdfTableStyle = {
  /** Font size of every cell, points. */
  fontSize: number;
  /** Space above and below each cell's text, points. */
  padY: number;
  /** Space left and right of each cell's text, points. */
  padX: number;
  /** Height a body row never goes below, points. */
  minRowHeight?: number;
  /** Ink of the cells, and of the header row's (the cells' when not given). */
  color?: string;
  headerColor?: string;
  /** Draws the header row's background and rules, given its top y and height. */
  header?: (y: number, height: number) => void;
  /** Draws a body row's rule or background, given its top y and height. */
  row?: (y: number, height: number, index: number) => void;
};

/** The lowest y (points) text may reach on the current page: the page less its bottom margin. */
export function pageBottom(doc: PDFKit.PDFDocument): number {
  return doc.page.height - doc.page.margins.bottom;
}

/**
 * Makes room for a block `height` points tall at `y`: when it would cross the bottom margin,
 * starts a new page and returns its top margin's y, else returns `y`. A block taller than a
 * whole page starts on a fresh page.
 */
export function keepTogether(doc: PDFKit.PDFDocument, y: number, height: number): number {
  if (y + height <= pageBottom(doc) || y <= doc.page.margins.top) return y;
  doc.addPage();
  return doc.page.margins.top;
}

/**
 * Draws a table from `x`, `y` (points) and returns the y below its last row. Each row is as tall
 * as its tallest cell, so wrapped text never runs into the next row; a row that does not fit
 * above the bottom margin moves whole to a new page, where the header row is drawn again.
 * `bold` marks body rows to set in the bold font (a total). Cells are drawn inside the page, so
 * PDFKit never adds a page of its own.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  columns: readonly PdfColumn[],
  rows: readonly (readonly string[])[],
  style: PdfTableStyle,
  bold: (index: number) => boolean = () => false,
): number {
  const heightOf = (cells: readonly string[], font: "body" | "bold") =>
    Math.max(style.minRowHeight ?? 0, ...cells.map((cell, c) => doc.font(font).fontSize(style.fontSize).heightOfString(cell || " ", { width: columns[c]!.width - 2 * style.padX })) .map((h) => h + 2 * style.padY));
  const drawRow = (cells: readonly string[], font: "body" | "bold", top: number, color = style.color ?? "#000000") => {
    let cx = x;
    cells.forEach((cell, c) => {
      const column = columns[c]!;
      doc.font(font).fontSize(style.fontSize).fillColor(color).text(cell, cx + style.padX, top + style.padY, { width: column.width - 2 * style.padX, align: column.align ?? "left" });
      cx += column.width;
    });
  };
  const titles = columns.map((c) => c.title);
  const headerHeight = heightOf(titles, "bold");
  const header = (top: number) => {
    style.header?.(top, headerHeight);
    drawRow(titles, "bold", top, style.headerColor ?? style.color);
    return top + headerHeight;
  };
  y = header(keepTogether(doc, y, headerHeight + (rows[0] ? heightOf(rows[0], bold(0) ? "bold" : "body") : 0)));
  rows.forEach((cells, i) => {
    const font = bold(i) ? "bold" : "body";
    const height = heightOf(cells, font);
    if (y + height > pageBottom(doc)) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    style.row?.(y, height, i);
    drawRow(cells, font, y);
    y += height;
  });
  doc.x = x;
  doc.y = y;
  return y;
}
