/**
 * The Express 5 application (DESIGN.md §1): security headers, compression, request logging,
 * rate limits, static files, the school's photos (/media), GET /healthz, legacy 301 redirects, pages served from memory
 * (prerendered and daily) and the React Router request handler; the request guards and final
 * error handler (server/request-guards.ts, server/error-handler.ts). Vite bundles
 * this file as the server build, so configuration and the database client exist once.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { MemoryStore } from "express-rate-limit";
import helmet from "helmet";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import morgan from "morgan";
import { closeDatabase, getDatabase, isDatabaseHealthy } from "~/db/client.server";
import { DatabaseUnavailableError } from "~/db/unavailable";
import { seedSampleData } from "~/db/seed.server";
import { seedSampleFees } from "~/features/fees/sample.server";
import { startAnalyticsJobs } from "~/features/analytics/maintenance/scheduled-jobs.server";
import { drainIngest, trackHandler } from "~/features/analytics/ingest/track.server";
import { ensureAdminAccount } from "~/features/auth/admin-account.server";
import { getConfig, missingVariablesMessage } from "~/lib/config.server";
import { startMessages } from "~/messages.server";
import { PREVIEW_HEADERS, PREVIEW_PATH } from "~/core/messages/preview";
import { STOP_PATH } from "~/core/messages/stop.server";
import { crossSiteStopPosts } from "./messages-stop";
import onHeaders from "on-headers";
import { contentEpoch, contentSeedItems, visibleNewsPaths, watchPublished } from "~/features/content/published.server";
import { seedContent } from "~/features/content/store.server";
import { memoryPaths } from "~/page-routes";
import { pages } from "#content/pages";
import { configurationErrorHtml } from "./configuration-error";
import { finalErrorHandler } from "./error-handler";
import { legacyRedirects, routeTree } from "./legacy-redirects";
import { isCrossSiteWrite } from "./origin-check";
import { CHROME_SOURCE, cachedPageOf, chromeScriptSrc, createPageCache, findCachedPage, onceForCachedPages, scriptSourceFor, sendCachedPage, type PageCache } from "./page-cache";
import { clientAddressOf } from "./http-server";
import { answerFromMemory, type MemoryAnswer } from "./memory-answers";
import { GATEWAY_PATHS, mountPaymentEndpoints, paymentFormTargets, startPayments } from "./payments";
import { sharedRateLimitStore } from "./rate-limit-store";
import { rateLimits, TIER_WINDOW_MS } from "./rate-limits";
import { allowedMethods, closeUnreadBodies, noStoreUnder } from "./request-guards";
import { staticFiles } from "./static-files";
import { MEDIA_PATH, mediaFiles } from "./media-files";
import { mediaDir } from "~/features/content/media.server";
import { applicationUploadsDir } from "~/features/admissions/documents.server";
import { sweepUploads } from "~/lib/uploads.server";
import { PICTURES_JSON_PATH } from "~/features/content/media";

/**
 * Runs once before the server listens: migrations, sample data (development only) and the
 * administrator account. Returns lines to print for the operator. Throws when the database
 * cannot be opened or migrated.
 */
/** Stops reading the published content's version (set once prepare() started it). */
let stopWatchingContent: (() => void) | undefined;

export async function prepare(): Promise<string[]> {
  const config = getConfig();
  if (config.missing.length > 0) return [];
  const { db, driver } = await getDatabase();
  const lines = [`Database: ${driver === "pg" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${path.join(config.dataDir, "pglite")}`}, migrated.`];
  if (!config.production && (await seedSampleData(db))) lines.push("Sample data added.");
  if (!config.production && (await seedSampleFees(db))) lines.push("Sample fee book and students added.");
  const swept = await sweepUploads(applicationUploadsDir());
  if (swept > 0) lines.push(`Uploads: ${swept} left over from an earlier run removed.`);
  lines.push(await startAnalyticsJobs(getDatabase));
  lines.push(startMessages(getDatabase));
  const seeded = await seedContent(db, contentSeedItems());
  if (seeded > 0) lines.push(`Content: ${seeded} news stories, calendar entries, job openings, gallery albums and pages copied from content/ into the database (edit them at /admin/content).`);
  // After a publish each page is rendered again at its first request (one render however many ask).
  stopWatchingContent ??= watchPublished(async () => (await getDatabase()).db);
  const admin = await ensureAdminAccount({ email: config.adminEmail, password: config.adminPassword });
  if (admin.outcome === "created") {
    lines.push(
      admin.generatedPassword
        ? `Administrator account created: ${admin.email} / ${admin.generatedPassword}  (shown once; reset with: npm run admin:create -- --email ${admin.email})`
        : `Administrator account created: ${admin.email} (password from ADMIN_PASSWORD)`,
    );
  } else {
    lines.push(`Administrator account: ${admin.email} (password unchanged; reset with: npm run admin:create -- --email ${admin.email})`);
  }
  lines.push(
    "Two-factor sign-in: the owner's first sign-in at /admin sets up a code from an authenticator app (Google or Microsoft Authenticator, or any TOTP app); phone lost: npm run admin:create -- --reset-two-factor",
  );
  return lines;
}

/**
 * The site's request handlers: `app`, the Express application, and `fromMemory`, which answers
 * the pages kept in memory before Express when it can (server/memory-answers.ts; only with the
 * built client).
 */
export type Site = { app: express.Express; fromMemory?: MemoryAnswer };

/**
 * Builds the request pipeline. `clientDir` is the built client folder (build/client) in
 * production; in development Vite's middleware serves assets instead and it is undefined.
 */
export function createApp(options: { clientDir?: string } = {}): Site {
  const config = getConfig();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  if (config.missing.length > 0) console.error(missingVariablesMessage(config.missing));
  for (const line of config.invalid) console.error(`Invalid environment variable ${line}`);

  // State-changing requests from other sites are refused (DESIGN.md §6, OWASP CSRF).
  const refuseCrossSite = (req: Request, res: Response, next: NextFunction) => {
    if (isCrossSiteWrite(req.method, req.headers, config.publicSiteUrl, req.get("host"))) {
      res.status(403).type("text").send("Cross-site requests are not allowed.");
      return;
    }
    next();
  };
  // Production whenever the built site is served (server/index.ts): no error details in answers.
  const mode = process.env.NODE_ENV === "production" ? "production" : "development";
  // Handed a function, React Router loads the build and derives its route table on every
  // request, so development picks up edits. The built site's build never changes: it is loaded
  // once and handed over as it is (a busy server spent 16 % of its time deriving, issue 29).
  const loadBuild = () => import("virtual:react-router/server-build");
  const built = mode === "production" ? loadBuild() : undefined;
  const whenBuilt = <T>(make: (build: ServerBuild | typeof loadBuild) => T): Promise<T> => (built ? built.then(make) : Promise.resolve(make(loadBuild)));
  const files = options.clientDir ? staticFiles(options.clientDir) : undefined;
  // Public pages served from memory, rendered again for each day in India and each change of
  // the published content (production build only: in development every page renders on request).
  let cache: PageCache | undefined;
  // The chrome script's chunk: what pages without React load (app/lib/without-react.ts).
  const manifest = options.clientDir && path.join(options.clientDir, ".vite/manifest.json");
  const chromeScript = manifest && existsSync(manifest) ? chromeScriptSrc(readFileSync(manifest, "utf8")) : undefined;
  if (manifest && !chromeScript) console.error(`${manifest} does not name ${CHROME_SOURCE}: every page hydrates React.`);
  if (options.clientDir && config.missing.length === 0) {
    const render = whenBuilt((build) => createFetchHandler(build, mode));
    cache = createPageCache({
      paths: memoryPaths,
      chromeScript,
      morePaths: visibleNewsPaths,
      epoch: contentEpoch,
      render: async (pagePath, { now, token }) => (await render)(new Request(new URL(pagePath, config.publicSiteUrl)), { cspNonce: token, clientIp: "", now }),
    });
    void cache.warm();
  }
  // Per-IP limits by what a request costs: posts strictly, reading generously (server/rate-limits.ts).
  // React Router's route manifest (/__manifest, fetched by each page for its links) costs no
  // render either.
  // With PostgreSQL (possibly several processes behind a load balancer), form posts and
  // sign-ins are counted in the database, so the limit holds across processes; the reading
  // tiers protect each process's own capacity and stay in its memory (decision 015).
  // The static tier's counter in this process's memory, shared with the pages answered before Express.
  const staticReads = new MemoryStore();
  const limits = rateLimits({
    limits: config.rateLimits,
    isStatic: (p) => p === "/__manifest" || MEDIA_PATH.test(p) || !!(files?.has(p) || cache?.has(p)),
    gatewayPaths: GATEWAY_PATHS,
    isProviderPost: (p) => STOP_PATH.test(p),
    isBatchPost: (p) => p === PICTURES_JSON_PATH,
    store: (tier) => {
      if (tier === "static") return staticReads;
      return config.databaseUrl && tier === "posts"
        ? sharedRateLimitStore({ name: `rl:${tier}:`, windowMs: TIER_WINDOW_MS[tier], limit: config.rateLimits[tier], getDb: async () => (await getDatabase()).db })
        : undefined;
    },
  });

  const https = config.publicSiteUrl.startsWith("https:");
  // A page served from memory is chosen first: its CSP allows its inline scripts by hash.
  if (cache) app.use(findCachedPage(cache));
  app.use((_req, res, next) => {
    if (!cachedPageOf(res)) res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": ["'self'", (_req, res) => scriptSourceFor(res as Response)],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        // The hand-off to a gateway's hosted checkout is a form post (Razorpay).
        "form-action": ["'self'", ...paymentFormTargets()],
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  app.use(onceForCachedPages(securityHeaders));
  // An e-mail's HTML shown in the admin's sandboxed iframe: its own CSP (no scripts, inline
  // styles) in place of the site's, and framed by the admin's pages only (the site says "deny").
  app.use((req, res, next) => {
    if (PREVIEW_PATH.test(req.path)) {
      // Only the e-mail itself: a redirect to sign in or a 404 keeps the site's own headers.
      onHeaders(res, () => {
        if (res.statusCode !== 200) return;
        res.setHeader("Content-Security-Policy", PREVIEW_HEADERS["Content-Security-Policy"]);
        res.setHeader("X-Frame-Options", PREVIEW_HEADERS["X-Frame-Options"]);
      });
    }
    next();
  });
  // Every answer from here on carries the headers above, whatever the method or the route.
  app.use(allowedMethods());
  app.use(closeUnreadBodies());
  app.use(noStoreUnder("/admin"));

  // Analytics beacons, one per page view, go straight to the ingest queue: no page pipeline,
  // compression or access log (the ingest counts are logged at exit).
  if (config.missing.length === 0) app.post("/api/track", refuseCrossSite, limits, trackHandler);

  // A memory page is stored compressed (server/page-cache.ts): compression would only wrap its write.
  const compress = compression();
  app.use((req, res, next) => (cachedPageOf(res) ? next() : compress(req, res, next)));
  const accessLog = morgan(config.production ? "combined" : "dev", { skip: (req) => req.url?.split("?")[0] === "/healthz" });
  app.use(accessLog);

  // The gateway's return and webhooks are cross-site by nature: before the Origin check.
  if (config.missing.length === 0) {
    mountPaymentEndpoints(app, limits);
    startPayments();
    // So is RFC 8058's one-click stop from a mail app (server/messages-stop.ts): the signed
    // token in the path is its authorisation, not the Origin.
    app.use(crossSiteStopPosts(limits));
  }

  // Cross-site posts are refused before they count against the client's posts.
  app.use(refuseCrossSite);
  app.use(limits);
  app.use(sendCachedPage);
  if (files) app.use(files.serve);
  // The school's uploaded photos, from DATA_DIR (server/media-files.ts).
  app.use(mediaFiles(mediaDir(config.dataDir)));

  if (config.missing.length > 0) {
    app.use((_req, res) => {
      res.status(503).type("html").set("Cache-Control", "no-store").send(configurationErrorHtml());
    });
    app.use(finalErrorHandler());
    return { app };
  }

  app.get("/healthz", async (_req, res) => {
    let ok = false;
    try {
      ok = await isDatabaseHealthy((await getDatabase()).db);
    } catch {
      ok = false;
    }
    res.status(ok ? 200 : 503).set("Cache-Control", "no-store").json({ status: ok ? "ok" : "error", database: ok ? "ok" : "unavailable" });
  });

  // Legacy and non-canonical paths: one 301 before React Router (SPEC §2 redirects).
  // The news stories change with what is published: the set is made again when the content does.
  const pagePaths = ["/", ...pages.map((p) => p.path)];
  let canonical = { epoch: "", paths: new Set<string>() };
  const canonicalPaths = () => {
    const now = new Date();
    const epoch = contentEpoch(now);
    if (epoch !== canonical.epoch) canonical = { epoch, paths: new Set([...pagePaths, ...visibleNewsPaths(now)]) };
    return canonical.paths;
  };
  const routes = (built ?? loadBuild()).then((b) => routeTree(b.routes));
  app.use(legacyRedirects({ routes: () => routes, catchAllId: "routes/public/not-found", canonicalPaths }));

  const router = whenBuilt((build) =>
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: clientAddressOf(req) ?? "", now: new Date(), chromeScript }),
    }),
  );
  app.use((req, res, next) => void router.then((handle) => handle(req, res, next), next));
  app.use(finalErrorHandler());
  const fromMemory = cache
    ? answerFromMemory({ cache, trustProxy: app.get("trust proxy fn") as (address: string, hop: number) => boolean, limit: { store: staticReads, max: config.rateLimits.static }, accessLog })
    : undefined;
  return { app, fromMemory };
}

/**
 * Stores the analytics visits still queued (waiting at most `deadlineMs` for an unavailable
 * database), logs the ingest counts and closes the database. Call before exit. Never throws.
 */
export async function beforeExit(deadlineMs = 5_000): Promise<void> {
  stopWatchingContent?.();
  console.log(await drainIngest(deadlineMs));
  await closeDatabase().catch(() => undefined);
}

/** Whether an error from prepare() must stop the server: an unusable embedded database folder. */
export function isFatalAtStart(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError && !getConfig().databaseUrl;
}

export { getConfig };
