/**
 * The pages kept in memory (server/page-cache.ts), answered before Express (issue 29,
 * docs/decisions/032-memory-pages-before-express.md).
 *
 * Through Express a page from memory cost about three times what nginx spends on the same
 * precompressed bytes: routing through some twenty middleware layers, Express's request and
 * response objects, helmet's headers, a SHA-256 per answer for the RateLimit headers. Here a
 * GET or HEAD of a page that is ready, whose security headers are known (its first answer went
 * through Express and helmet: `onceForCachedPages`), is answered on Node's own request and
 * response with exactly what Express would do for it:
 *
 * - the security headers of its first answer, replayed;
 * - the `static` rate-limit tier, counted in the same store as the Express limiter, for the same
 *   client address (TRUST_PROXY applied by Express's own trust function);
 * - the access log, by the same morgan middleware;
 * - `writeCachedPage`: encoding, ETag and 304, the page's own headers.
 *
 * Everything else goes on to Express: another method or path, a page not yet rendered or not
 * yet answered once, a request with a body (Express drains it: request-guards.ts), a client over
 * its limit (the limiter refuses it with 429).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Store } from "express-rate-limit";
import proxyaddr from "proxy-addr";
import { messageOf } from "~/lib/errors";
import { clientAddressOf } from "./http-server";
import { setHeaders, writeCachedPage, type PageCache } from "./page-cache";
import { withinLimit } from "./rate-limits";
import { hasBody } from "./request-guards";

/** Answers `req` from memory, or calls `next()` for Express to answer it. Never throws. */
export type MemoryAnswer = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export type MemoryAnswerOptions = {
  cache: Pick<PageCache, "has" | "peek">;
  /** Express's trust function for X-Forwarded-For (`app.get("trust proxy fn")`, from TRUST_PROXY). */
  trustProxy: (address: string, hop: number) => boolean;
  /** The `static` tier: its store (shared with the Express limiter) and its limit per client and window. */
  limit: { store: Store; max: number };
  /** The access log middleware (morgan), as Express runs it. */
  accessLog: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  /** Where an unexpected failure is reported; default console.error. */
  log?: (message: string) => void;
};

/** The request path of a request target in origin form ("/fee?x=1" → "/fee"); undefined for any other form. */
function originFormPath(url: string | undefined): string | undefined {
  if (!url?.startsWith("/")) return undefined;
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
}

/**
 * The handler that answers pages from memory before Express (see the module comment). Put it in
 * front of the Express application: `(req, res) => answer(req, res, () => app(req, res))`.
 */
export function answerFromMemory(options: MemoryAnswerOptions): MemoryAnswer {
  const log = options.log ?? ((message: string) => console.error(message));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = originFormPath(req.url);
    const page = path !== undefined && options.cache.has(path) ? options.cache.peek(path) : undefined;
    const headers = page?.headers;
    if (!page || !headers || hasBody(req)) return next();
    const address = clientAddressOf({ ip: proxyaddr(req, options.trustProxy), socket: req.socket });
    withinLimit(options.limit.store, options.limit.max, address).then(
      (allowed) => {
        if (!allowed) return next();
        // The address Express's req.ip would give, for the access log.
        Object.assign(req, { ip: address });
        setHeaders(res, headers);
        options.accessLog(req, res, (error) => {
          if (error) throw error;
          writeCachedPage(req, res, page);
        });
      },
      (error: unknown) => {
        log(`Page ${path} from memory: ${messageOf(error)}; answered through Express.`);
        next();
      },
    ).catch((error: unknown) => {
      log(`Page ${path} from memory failed: ${messageOf(error)}`);
      if (!res.headersSent) next();
      else res.destroy();
    });
  };
}
