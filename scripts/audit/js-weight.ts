/** First-load JavaScript weight of a page: what a first visit downloads, gzip-compressed. */
import { gzipSync } from "node:zlib";
import { extractJsUrls, isUrlLike, moduleSpecifiers } from "./js-urls";

export type JsWeight = { totalKbGzip: number; files: { url: string; bytes: number; gzipBytes: number }[] };

/** Body of `url` as bytes (fetch undoes the server's own compression); throws on a non-2xx answer. */
async function fetchBytes(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Fetches the page at `pageUrl`, every same-origin JS file its HTML loads (see extractJsUrls)
 * and, transitively, the same-origin modules those files import statically (what the browser
 * must download before they run, whether or not the HTML preloads them), and sums their sizes
 * after gzip level 9. Returns the total in KB (1 KB = 1024 bytes) and each file's raw and gzip
 * size in bytes.
 */
export async function measureFirstLoadJs(pageUrl: string): Promise<JsWeight> {
  const html = (await fetchBytes(pageUrl)).toString("utf8");
  const origin = new URL(pageUrl).origin;
  const seen = new Set<string>();
  const files: JsWeight["files"] = [];
  const load = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    const body = await fetchBytes(url);
    files.push({ url, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
    const imports = moduleSpecifiers(body.toString("utf8"), { dynamic: false }).filter(isUrlLike).map((specifier) => new URL(specifier, url));
    await Promise.all(imports.filter((next) => next.origin === origin).map((next) => load(next.href)));
  };
  await Promise.all(extractJsUrls(html, pageUrl).map(load));
  const totalKbGzip = files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  return { totalKbGzip, files };
}
