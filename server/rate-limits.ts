/**
 * Rate limits per client IP (TRUST_PROXY decides which address that is), in tiers by what a
 * request costs (DESIGN.md §6; decision 011). A school's computer lab or a carrier-grade NAT puts
 * many people behind one address, so reading the site is limited only as far as it protects
 * the server, while writes stay limited per address to what such a crowd sends (decision 030: 100
 * parents behind one carrier-grade NAT paying fees, three posts each); guessing is slowed by
 * the sign-in and look-up throttles, which count failures, not posts:
 *
 * | tier | requests | window | default |
 * |---|---|---|---|
 * | `posts` | form posts and sign-ins (any method but GET/HEAD/OPTIONS, except beacons and gateway posts) | 10 min | 300 |
 * | `beacons` | analytics beacons, POST /api/track (one per page view) | 1 min | 1,200 |
 * | `rendered` | pages and data rendered on request by React Router (admin, forms, `.data` of daily pages); posts from payment gateways (returns and webhooks: a gateway sends every school's from a few addresses) and mail providers' one-click stop-reminders posts (RFC 8058: Gmail posts every parent's from a few addresses); the photos an editor uploads, one post a photo (a batch of an event's 50 photos should not spend the `posts` tier; the endpoint refuses anyone not signed in before reading a byte) | 1 min | 600 |
 * | `static` | prerendered and daily pages served from memory, and built files (scripts, styles, pictures) | 1 min | 12,000 |
 *
 * 40 pupils each loading 10 pages make about 2,400 static requests and 400 beacons a minute
 * (tests/e2e/rate-limit.spec.ts). Refusals answer 429 with a plain message and RateLimit
 * headers (IETF draft 8); the `static` tier sends no RateLimit headers, as a static server does,
 * and its refusals say `Retry-After`. Counters live in each process's memory unless `store` gives
 * express-rate-limit another store per tier: with PostgreSQL, server/app.ts counts the `posts`
 * tier in the database (server/rate-limit-store.ts), shared by every process.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import { clientAddressOf } from "./http-server";

export type RateLimitTier = "posts" | "beacons" | "rendered" | "static";

/** Requests allowed per client IP in each tier's window (config: RATE_LIMIT_*). */
export type RateLimitSettings = Record<RateLimitTier, number>;

/** Window of each tier in ms. */
export const TIER_WINDOW_MS: Record<RateLimitTier, number> = { posts: 10 * 60_000, beacons: 60_000, rendered: 60_000, static: 60_000 };

/** What a refused request reads (plain text, HTTP 429). */
export const LIMIT_MESSAGE = "Too many requests. Please wait a few minutes and try again.";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The key a request is counted under: its client's address (IPv6 by /56, express-rate-limit's
 * default), read from the connection's start when the client has already reset it
 * (server/http-server.ts). A request whose address was never known is still counted, in one
 * shared bucket, rather than failing or going uncounted.
 */
export function rateLimitKey(req: Request): string {
  return addressKey(clientAddressOf(req));
}

/** The key of a client `address` (see rateLimitKey). */
function addressKey(address: string | undefined): string {
  return address ? ipKeyGenerator(address) : "unknown-address";
}

/**
 * Counts one read from `address` in the `static` tier's `store` (the one given to `rateLimits`,
 * shared with the pages answered before Express: server/memory-answers.ts) and resolves whether
 * it is within `limit`. Over the limit the count is taken back: the request must then go to the
 * limiter, which counts it and refuses it.
 */
export async function withinLimit(store: Store, limit: number, address: string | undefined): Promise<boolean> {
  const key = addressKey(address);
  const { totalHits } = await store.increment(key);
  if (totalHits <= limit) return true;
  await store.decrement(key);
  return false;
}

/**
 * The tier of a request; `isStatic(path)` says whether a GET/HEAD path is served without
 * rendering, `gatewayPaths` the paths payment gateways post to, `isProviderPost(path)` the other
 * paths services post to from shared addresses (a mail provider's one-click stop),
 * `isBatchPost(path)` the paths a signed-in editor posts to once per item of a batch (photo uploads).
 */
export function tierOf(
  req: Pick<Request, "method" | "path">,
  isStatic: (path: string) => boolean,
  gatewayPaths: ReadonlySet<string> = new Set(),
  isProviderPost: (path: string) => boolean = () => false,
  isBatchPost: (path: string) => boolean = () => false,
): RateLimitTier {
  if (READS.has(req.method)) return isStatic(req.path) ? "static" : "rendered";
  if (gatewayPaths.has(req.path) || isProviderPost(req.path) || isBatchPost(req.path)) return "rendered";
  return req.path === "/api/track" ? "beacons" : "posts";
}

/** express-rate-limit's refusal (429 and LIMIT_MESSAGE) with `Retry-After` in seconds, for a tier without RateLimit headers. */
const refuseWithRetryAfter = (req: Request, res: Response, _next: NextFunction, options: { statusCode: number; message: unknown }) => {
  const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  if (resetTime) res.setHeader("Retry-After", String(Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000))));
  res.status(options.statusCode).send(options.message);
};

/**
 * One middleware applying the tier of each request. `isStatic` is asked per GET/HEAD path;
 * `store(tier)` may return an express-rate-limit Store to count in (default: memory).
 */
export function rateLimits(options: {
  limits: RateLimitSettings;
  isStatic: (path: string) => boolean;
  gatewayPaths?: ReadonlySet<string>;
  isProviderPost?: (path: string) => boolean;
  isBatchPost?: (path: string) => boolean;
  store?: (tier: RateLimitTier) => Store | undefined;
}): RequestHandler {
  const limiter = (tier: RateLimitTier) =>
    rateLimit({
      windowMs: TIER_WINDOW_MS[tier],
      limit: options.limits[tier],
      // Reading pages and files answer like a static server: no RateLimit headers (each costs a
      // SHA-256 of the client's key); a refusal still says when to come back.
      standardHeaders: tier === "static" ? false : "draft-8",
      legacyHeaders: false,
      message: LIMIT_MESSAGE,
      identifier: tier,
      keyGenerator: rateLimitKey,
      ...(tier === "static" ? { handler: refuseWithRetryAfter } : {}),
      ...(options.store?.(tier) ? { store: options.store(tier) } : {}),
    });
  const limiters: Record<RateLimitTier, RequestHandler> = { posts: limiter("posts"), beacons: limiter("beacons"), rendered: limiter("rendered"), static: limiter("static") };
  return (req: Request, res: Response, next: NextFunction) => limiters[tierOf(req, options.isStatic, options.gatewayPaths, options.isProviderPost, options.isBatchPost)](req, res, next);
}
