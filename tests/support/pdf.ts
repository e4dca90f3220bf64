/**
 * Reading PDFs in tests without poppler: the text of every page (PDF.js) and the QR codes found
 * on page images rendered with @napi-rs/canvas and decoded with jsQR. Test-only.
 */
import { createCanvas, DOMMatrix, ImageData, Path2D } from "@napi-rs/canvas";
import jsQR from "jsqr";

// PDF.js draws with the DOM's Path2D and DOMMatrix: give it the canvas library's before it loads.
Object.assign(globalThis, { Path2D, DOMMatrix, ImageData });
const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");

async function open(pdf: Buffer | Uint8Array) {
  return getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
}

/** The text of every page, items joined by spaces and lines by newlines. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const doc = await open(pdf);
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : "")).join(""));
  }
  await doc.destroy();
  return pages.join("\n\f");
}

/** Page count and the size of page 1 in points. */
export async function pdfPageInfo(pdf: Buffer | Uint8Array): Promise<{ pages: number; width: number; height: number }> {
  const doc = await open(pdf);
  const view = (await doc.getPage(1)).getViewport({ scale: 1 });
  const info = { pages: doc.numPages, width: Math.round(view.width), height: Math.round(view.height) };
  await doc.destroy();
  return info;
}

/** Renders page `n` (from 1) at `scale` and decodes the QR code on it; null when none is found. */
export async function pdfQrCode(pdf: Buffer | Uint8Array, n = 1, scale = 2): Promise<string | null> {
  const doc = await open(pdf);
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  await doc.destroy();
  return jsQR(image.data, image.width, image.height)?.data ?? null;
}

/** A run of text on a page, in points from the page's top-left corner. */
export type PdfTextBox = { page: number; str: string; x: number; top: number; bottom: number; right: number };

/** Every non-blank run of text of every page with its box (the font's size as its height). */
export async function pdfTextBoxes(pdf: Buffer | Uint8Array): Promise<{ pages: number; height: number; boxes: PdfTextBox[] }> {
  const doc = await open(pdf);
  const boxes: PdfTextBox[] = [];
  let height = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    height = page.getViewport({ scale: 1 }).height;
    for (const item of (await page.getTextContent()).items) {
      if (!("str" in item) || !item.str.trim()) continue;
      const [, , , size, x, baseline] = item.transform as number[];
      const top = height - baseline! - size! * 0.8;
      boxes.push({ page: n, str: item.str, x: x!, top, bottom: top + size!, right: x! + item.width });
    }
  }
  await doc.destroy();
  return { pages: doc.numPages, height, boxes };
}

/**
 * Pairs of runs of text on the same page whose boxes overlap by more than `slack` points both
 * across and down (wrapped text running into the next row); empty when none do.
 */
export function overlappingText(boxes: readonly PdfTextBox[], slack = 1): [PdfTextBox, PdfTextBox][] {
  const out: [PdfTextBox, PdfTextBox][] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.page !== b.page) continue;
      const across = Math.min(a.right, b.right) - Math.max(a.x, b.x);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across > slack && down > slack) out.push([a, b]);
    }
  }
  return out;
}
