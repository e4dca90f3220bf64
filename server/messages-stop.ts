/**
 * RFC 8058 one-click stop for fee reminder e-mails, posted from outside the site. A reminder
 * carries `List-Unsubscribe: <…/messages/stop/<token>>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`; a mail provider posts that body to the link from its servers (no
 * Origin: React Router's route handles it like the page's own button), and a mail app may post it
 * with another site's Origin or "null", which both the site's cross-site check and React Router's
 * action check refuse. Such posts are answered here, before those checks, and only here:
 * the route reads no cookie or session, and the signed token in the path is its whole
 * authorisation (whoever can make a browser post it holds the link and could post it
 * themselves). All it can do is stop fee reminders to the address the token names.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { getDatabase } from "~/db/client.server";
import { STOP_PATH, stopByLink } from "~/core/messages/stop.server";
import { getConfig } from "~/lib/config.server";
import { isCrossSiteWrite } from "./origin-check";

/** Answers a cross-site POST to a stop link (see the module's notes); passes everything else on. `limit` is the rate limit. */
export function crossSiteStopPosts(limit: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || !STOP_PATH.test(req.path) || req.path.endsWith(".data")) return next();
    if (!isCrossSiteWrite(req.method, req.headers, getConfig().publicSiteUrl, req.get("host"))) return next();
    limit(req, res, async (error?: unknown) => {
      if (error) return next(error);
      try {
        const token = req.path.slice("/messages/stop/".length);
        const link = await stopByLink((await getDatabase()).db, token);
        res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" }).type("text");
        if (link) res.status(200).send(`You will no longer receive fee reminders at ${link.masked}. Receipts and replies to your requests will still be sent.`);
        else res.status(404).send("This link does not work: it is incomplete or has expired.");
      } catch (err) {
        next(err);
      }
    });
  };
}
