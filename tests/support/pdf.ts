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
