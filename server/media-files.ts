/**
 * GET /media/<file>: the school's photos (app/features/content/media.ts), served from
 * DATA_DIR/documents/content/ like the built pictures under /img (server/static-files.ts): no
 * render, counted in the `static` rate-limit tier, cached for a year (a photo's files never
 * change: a new upload gets a new random id), with the site's headers (helmet's nosniff and the
 * rest, set before this runs).
 *
 * Only names of exactly our pattern reach the file system ("<32 hex>-<width>.avif|webp",
 * "<32 hex>-social.jpg"): no dot-segments, slashes, percent escapes or other extensions
 * (OWASP File Upload Cheat Sheet, "Filename sanitization"; CWE-22); anything else under /media/
 * is a plain 404. The Content-Type comes from the name's format, never from the file.
 */
import path from "node:path";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { MEDIA_PREFIX, MEDIA_TYPES, parseMediaFile } from "~/features/content/media";

/** Request paths this handler answers: "/media/…". */
export const MEDIA_PATH = /^\/media\//;

/** The answer's cache policy: a year, never revalidated (the file behind a name never changes). */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

function notFound(res: Response): void {
  res.status(404).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("No such picture.");
}

/** The middleware serving the files of `dir` (media.server.ts `mediaDir()`) at /media/<file>. */
export function mediaFiles(dir: string): RequestHandler {
  const root = path.resolve(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!MEDIA_PATH.test(req.path)) return next();
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set("Allow", "GET, HEAD").set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("Method Not Allowed");
      return;
    }
    const file = parseMediaFile(req.path.slice(MEDIA_PREFIX.length));
    if (!file) return notFound(res);
    res.sendFile(
      req.path.slice(MEDIA_PREFIX.length),
      {
        root,
        dotfiles: "deny",
        acceptRanges: true,
        lastModified: true,
        headers: { "Content-Type": MEDIA_TYPES[file.format], "Cache-Control": MEDIA_CACHE_CONTROL },
      },
      (error?: Error & { code?: string }) => {
        if (!error || res.headersSent) return;
        if (error.code === "ENOENT" || error.code === "ENOTDIR" || (error as { status?: number }).status === 404) return notFound(res);
        next(error);
      },
    );
  };
}
