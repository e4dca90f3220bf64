/**
 * The final Express error handler (OWASP ASVS 4.0.3 7.4.1: a generic message, the
 * details in the log). Whatever reaches it, the client never sees a stack, a server path or
 * SQL: a request Express or the React Router adapter could not read (a malformed URL or Host,
 * an error that carries a 4xx status) gets that status and a plain message; anything else is
 * logged once with the request line and answered 500 with the SPEC §2 generic error page.
 * When the client has already closed or reset its connection nobody reads the answer: such an
 * error is one short line without a stack (a burst of resets must not flood the log).
 * Mounted last in server/app.ts.
 */
import { STATUS_CODES } from "node:http";
import type { ErrorRequestHandler, NextFunction, Request, Response } from "express";
import { isDatabaseUnavailable } from "~/db/unavailable";
import { GENERIC_ERROR } from "~/features/site/components/error-screen";
import { standalonePage } from "./configuration-error";
import { messageOf } from "~/lib/errors";

/** The 4xx an error stands for when the client caused it, or undefined for a fault. */
export function clientErrorStatus(error: unknown): number | undefined {
  const e = error as { status?: unknown; statusCode?: unknown; code?: unknown } | null;
  const status = typeof e?.status === "number" ? e.status : typeof e?.statusCode === "number" ? e.statusCode : undefined;
  if (status !== undefined && status >= 400 && status < 500) return status;
  // A URL or Host header the Fetch API refuses (React Router builds a Request from both), or a
  // path segment that does not decode.
  if (e?.code === "ERR_INVALID_URL" || error instanceof URIError) return 400;
  return undefined;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SPEC §2 generic error page; its Refresh Page button reloads `url` (a same-site path). */
export function genericErrorHtml(url: string): string {
  const href = url.startsWith("/") && !url.startsWith("//") ? url : "/";
  return standalonePage(GENERIC_ERROR.title, GENERIC_ERROR.text, `\n<a href="${escapeHtml(href)}">${GENERIC_ERROR.button}</a>`);
}

const requestLine = (req: Request) => `${req.method} ${req.originalUrl.slice(0, 300)}`;
const firstLine = (error: unknown) => (messageOf(error)).split("\n")[0]!.slice(0, 200);

export function finalErrorHandler(): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    // The database is away: logged once by the pool; the page says try again (503).
    const unavailable = status === undefined && isDatabaseUnavailable(error);
    const gone = req.socket?.destroyed ?? false;
    if (gone) console.error(`Connection closed by the client during ${requestLine(req)}: ${firstLine(error)}`);
    else if (status === undefined && !unavailable) console.error(`Unhandled error on ${requestLine(req)}:`, error);
    if (res.headersSent) {
      // Part of an answer is already on its way: end the connection rather than append to it.
      res.destroy();
      return;
    }
    res.set("Cache-Control", "no-store");
    if (status !== undefined) {
      res.status(status).type("text/plain; charset=utf-8").send(STATUS_CODES[status] ?? "Bad Request");
    } else {
      res.status(unavailable ? 503 : 500).type("html").send(genericErrorHtml(req.originalUrl));
    }
  };
}
