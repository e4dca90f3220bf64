/**
 * Express middleware that holds for every request, whatever route answers it (decision 010):
 *
 * - `allowedMethods`: the site speaks GET, HEAD and POST. OPTIONS gets 204 and every other
 *   method (PUT, DELETE, TRACE, WebDAV's …) a plain 405, both with `Allow` (RFC 9110 §9.3.7,
 *   §15.5.6), before React Router, which cannot even represent TRACE or CONNECT.
 * - `noStoreUnder`: `Cache-Control: no-store` on every answer under a path prefix (the admin
 *   area's pages, `.data` requests, exports and redirects carry parents' names and phones;
 *   OWASP ASVS 4.0.3 8.2.1), set when the headers are written so no route can forget or
 *   override it.
 * - `closeUnreadBodies`: after an answer sent before the request body's end (413, 405, a
 *   redirect to sign in), what the client is still sending is dropped unread for at most
 *   LINGER_MS and then the connection is closed (nginx's "lingering close": closing at once
 *   would reset the connection under a client still sending, and it could lose the answer).
 *   Nothing of the rest is parsed or kept (app/lib/request-body.server.ts).
 */
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
const ALLOW = [...ALLOWED_METHODS, "OPTIONS"].join(", ");

export function allowedMethods(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
    res.set("Allow", ALLOW).set("Cache-Control", "no-store");
    if (req.method === "OPTIONS") res.status(204).end();
    else res.status(405).type("text/plain; charset=utf-8").send("Method Not Allowed");
  };
}

/** `prefix` "/admin" covers "/admin", "/admin/…" and "/admin.data", not "/administration". */
export function noStoreUnder(prefix: string): RequestHandler {
  const covered = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?:[/.]|$)`);
  return (req: Request, res: Response, next: NextFunction) => {
    if (covered.test(req.path)) onHeaders(res, () => res.setHeader("Cache-Control", "no-store"));
    next();
  };
}

/** How long the rest of an unread body is dropped before the connection is closed, in ms. */
export const LINGER_MS = 2000;

/** Whether a request carries a body (chunked, or a Content-Length above 0), by its headers. */
export function hasBody(req: Pick<IncomingMessage, "headers">): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

export function closeUnreadBodies(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (hasBody(req)) {
      res.once("finish", () => {
        if (req.complete) return;
        const timer = setTimeout(() => req.socket?.destroy(), LINGER_MS);
        // A client that stops sending (browsers and curl do on an early answer) ends it sooner.
        req.once("end", () => clearTimeout(timer));
        req.once("close", () => clearTimeout(timer));
        req.removeAllListeners("data");
        req.on("data", () => undefined);
        req.resume();
      });
    }
    next();
  };
}
