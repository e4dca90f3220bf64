/**
 * Vite plugin: after the client build, writes a Brotli (quality 11) and a gzip (level 9) copy
 * beside every compressible asset (`x.js` → `x.js.br`, `x.js.gz`), so the server sends them
 * without compressing per request (server/static-files.ts). A copy that would not be
 * smaller is not written. Prerendered HTML is compressed by the server instead, once it knows
 * PUBLIC_SITE_URL (server/page-cache.ts).
 *
 * Our own few lines rather than vite-plugin-compression2: that plugin rewrites process.stdout
 * and hooks Vite's manifest plugin, which React Router's two-environment build did not need.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing (images and PDFs are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|map)$/;

/** Writes `<file>.br` and `<file>.gz` for `file` when each is smaller than it; returns how many were written. */
export async function precompressFile(file: string): Promise<number> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    gzipAsync(source, { level: 9 }),
  ]);
  let written = 0;
  for (const [suffix, body] of [[".br", br], [".gz", gz]] as const) {
    if (body.length < source.length) {
      await writeFile(file + suffix, body);
      written++;
    }
  }
  return written;
}

/** Precompresses the client build's files directly in `outDir/<subdir>` for each subdir (default: the root, "assets" and "images"). */
export function precompress(options: { subdirs?: readonly string[] } = {}): Plugin {
  const subdirs = options.subdirs ?? [".", "assets", "images"];
  return {
    name: "kva-precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(output) {
      const outDir = output.dir ?? "build/client";
      let written = 0;
      for (const subdir of subdirs) {
        const dir = path.join(outDir, subdir);
        const names = (await readdir(dir).catch(() => [])).filter((name) => COMPRESSIBLE.test(name));
        written += (await Promise.all(names.map((name) => precompressFile(path.join(dir, name))))).reduce((a, b) => a + b, 0);
      }
      this.environment.logger.info(`precompressed: ${written} .br/.gz file(s) in ${subdirs.join(", ")}`);
    },
  };
}
