/**
 * Express middleware for SPEC §2 redirects, before React Router: answers GET and HEAD page
 * requests with exactly one HTTP 301 (never a chain), keeping the query string.
 *
 * 1. A path that matches a live route only in another spelling (upper case, trailing slash,
 *    ".html"/".php" suffix, "/index") goes to its canonical spelling.
 * 2. A path that matches no live route is looked up in the legacy table
 *    (app/features/content/redirects.ts). Paths the table does not know fall through to React
 *    Router, whose catch-all route sends them home (also with one 301).
 *
 * Whether a path is live is asked of React Router's own route table, so routes added later
 * (by any feature) are never redirected by mistake. `.data` requests (client navigations) are
 * left to React Router, which applies the same table with `replace` navigation.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { matchRoutes, type RouteObject } from "react-router";
import { normalizeLegacyPath, resolveLegacyPath, withQuery } from "~/features/content/redirects";

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** Nests React Router's flat server-build route manifest into RouteObjects for matchRoutes. */
export function routeTree(routes: Record<string, BuildRoute | undefined>): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((r): r is BuildRoute => !!r && r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, index: true as const, path: r.path } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: children(r.id) }));
  return children(undefined);
}

export type LegacyRedirectOptions = {
  /** React Router's route tree (resolved lazily: the server build loads asynchronously). */
  routes: () => Promise<RouteObject[]>;
  /** Id of the catch-all route that handles unknown paths. */
  catchAllId: string;
  /** Canonical paths of public pages ("/", "/fee", "/news/…"), for rule 1. */
  canonicalPaths: () => ReadonlySet<string>;
};

/** Paths that are files or APIs, never pages: not redirected here. */
const SKIP = /^\/(assets|img|images|documents|api|admin|healthz|__manifest|\.well-known)(\/|$)|\.data$|^\/(robots\.txt|sitemap\.xml|favicon\.svg)$/;

export function legacyRedirects(options: LegacyRedirectOptions): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || SKIP.test(req.path)) return next();
    const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    const normalized = normalizeLegacyPath(req.path);
    let target: string | null = null;

    if (options.canonicalPaths().has(normalized)) {
      if (normalized !== req.path) target = normalized;
    } else {
      // The legacy table first: it knows few paths, and asking React Router whether a path is
      // live flattens and ranks its whole route table on each call.
      const legacy = resolveLegacyPath(req.path);
      if (legacy) {
        const leaf = matchRoutes(await options.routes(), req.path)?.at(-1)?.route.id;
        if (!leaf || leaf === options.catchAllId) target = legacy;
      }
    }
    if (!target) return next();
    res.set("Cache-Control", "public, max-age=86400");
    res.redirect(301, withQuery(target, search));
  };
}
