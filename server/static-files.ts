/**
 * The built client's files (build/client: hashed assets, pictures, icons, documents), served
 * with the Brotli or gzip copy written at build (scripts/vite/precompress.ts) when the client
 * accepts it, through express-static-gzip. Hashed names under /assets and /img never change
 * content: cached for a year. Prerendered pages (.html, .data) are never served from here:
 * server/page-cache.ts serves them with the site URL filled in and their CSP hashes.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import expressStaticGzip from "express-static-gzip";

const PAGE_FILE = /\.(html|data)$/;
const COMPRESSED_COPY = /\.(br|gz)$/;

/** Request paths of the servable files under `clientDir` ("/assets/app-x.css", "/favicon.svg"), without pages or compressed copies. */
export function listStaticFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      // The build's own records (.vite/manifest.json) are not the site's.
      if (name.startsWith(".")) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!PAGE_FILE.test(name) && !COMPRESSED_COPY.test(name)) files.add(`/${path.relative(clientDir, full).split(path.sep).join("/")}`);
    }
  };
  walk(clientDir);
  return files;
}

/**
 * `serve`: the middleware for `clientDir`; `has(path)`: whether a request path is one of its
 * files (the rate limits let those through at the crowd-friendly rate).
 */
export function staticFiles(clientDir: string): { serve: RequestHandler; has: (requestPath: string) => boolean } {
  const files = listStaticFiles(clientDir);
  const serve = expressStaticGzip(clientDir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      maxAge: "1h",
      setHeaders: (res, file) => {
        const rel = path.relative(clientDir, file);
        if (rel.startsWith(`assets${path.sep}`) || rel.startsWith(`img${path.sep}`)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      },
    },
  }) as RequestHandler;
  return {
    // Only paths of files that exist reach the file system (no stat per page request).
    serve: (req: Request, res: Response, next: NextFunction) => (files.has(req.path) ? serve(req, res, next) : next()),
    has: (requestPath) => files.has(requestPath),
  };
}
