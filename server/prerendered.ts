/**
 * Serves the pages React Router prerendered at build (build/client/<path>/index.html and
 * <path>.data) with this response's CSP nonce and the configured PUBLIC_SITE_URL filled in
 * (app/lib/prerender.ts; docs/decisions/004-prerendering-nonce-and-site-url.md). Files are read
 * once at start-up; a path that was not prerendered falls through to React Router.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { fillPrerendered } from "~/lib/prerender";

/** Prerendered files by request path: "/fee" → HTML, "/fee.data" → turbo-stream data. */
export function loadPrerendered(clientDir: string): Map<string, { body: string; type: "html" | "data" }> {
  const files = new Map<string, { body: string; type: "html" | "data" }>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const rel = `/${path.relative(clientDir, full).split(path.sep).join("/")}`;
      if (rel.startsWith("/assets/") || rel.startsWith("/img/")) continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "index.html") files.set(path.posix.dirname(rel), { body: readFileSync(full, "utf8"), type: "html" });
      else if (name.endsWith(".data")) files.set(rel, { body: readFileSync(full, "utf8"), type: "data" });
    }
  };
  if (existsSync(clientDir)) walk(clientDir);
  return files;
}

export function prerenderedPages(options: { clientDir: string; siteUrl: string }): RequestHandler {
  const files = loadPrerendered(options.clientDir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = files.get(req.path);
    if (!file) return next();
    const body = fillPrerendered(file.body, { nonce: res.locals.cspNonce as string, siteUrl: options.siteUrl });
    if (file.type === "html") res.type("html");
    else res.type("text/x-script");
    res.set("X-Prerendered", "1").send(body);
  };
}
