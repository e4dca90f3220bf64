/**
 * The Express 5 application (DESIGN.md §1): security headers, compression, request logging,
 * rate limits, static files, GET /healthz, legacy 301 redirects, prerendered pages and the
 * React Router request handler. Vite bundles
 * this file as the server build, so configuration and the database client exist once.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import morgan from "morgan";
import { getDatabase, isDatabaseHealthy } from "~/db/client.server";
import { seedSampleData } from "~/db/seed.server";
import { startAnalyticsJobs } from "~/features/analytics/maintenance/scheduled-jobs.server";
import { drainIngest, trackHandler } from "~/features/analytics/ingest/track.server";
import { ensureAdminAccount } from "~/features/auth/admin-account.server";
import { getConfig, missingVariablesMessage } from "~/lib/config.server";
import { getNewsItems } from "~/features/content/markdown.server";
import { pages } from "#content/pages";
import { configurationErrorHtml } from "./configuration-error";
import { legacyRedirects, routeTree } from "./legacy-redirects";
import { isCrossSiteWrite } from "./origin-check";
import { prerenderedPages } from "./prerendered";

/**
 * Runs once before the server listens: migrations, sample data (development only) and the
 * administrator account. Returns lines to print for the operator. Throws when the database
 * cannot be opened or migrated.
 */
export async function prepare(): Promise<string[]> {
  const config = getConfig();
  if (config.missing.length > 0) return [];
  const { db, driver } = await getDatabase();
  const lines = [`Database: ${driver === "pg" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${path.join(config.dataDir, "pglite")}`}, migrated.`];
  if (!config.production && (await seedSampleData(db))) lines.push("Sample data added.");
  lines.push(await startAnalyticsJobs(async () => (await getDatabase()).db));
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
  return lines;
}

/**
 * Builds the request pipeline. `clientDir` is the built client folder (build/client) in
 * production; in development Vite's middleware serves assets instead and it is undefined.
 */
export function createApp(options: { clientDir?: string } = {}): express.Express {
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
  // Rate-limit tiers: every request generously; sign-in and form posts strictly.
  const limitMessage = "Too many requests. Please wait a few minutes and try again.";
  const everyRequestLimit = rateLimit({ windowMs: 60_000, limit: 600, standardHeaders: "draft-8", legacyHeaders: false, message: limitMessage });

  // Analytics beacons, one per page view, go straight to the ingest queue: no page pipeline,
  // headers for documents, compression or access log (the ingest counts are logged at exit).
  if (config.missing.length === 0) app.post("/api/track", refuseCrossSite, everyRequestLimit, trackHandler);

  const https = config.publicSiteUrl.startsWith("https:");
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:"],
          "connect-src": ["'self'"],
          "frame-ancestors": ["'none'"],
          "object-src": ["'none'"],
          "form-action": ["'self'"],
          "upgrade-insecure-requests": https ? [] : null,
        },
      },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "deny" },
    }),
  );
  app.use(compression());
  app.use(morgan(config.production ? "combined" : "dev", { skip: (req) => req.path === "/healthz" }));

  if (options.clientDir) {
    // Hashed file names never change content: cache them for a year.
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    app.use("/img", express.static(path.join(options.clientDir, "img"), { immutable: true, maxAge: "1y" }));
    // Prerendered pages (.html, .data) are served below with a nonce, never as raw files.
    const files = express.static(options.clientDir, { maxAge: "1h", index: false, redirect: false });
    app.use((req, res, next) => (/\.(html|data)$/.test(req.path) ? next() : files(req, res, next)));
  }

  if (config.missing.length > 0) {
    app.use((_req, res) => {
      res.status(503).type("html").set("Cache-Control", "no-store").send(configurationErrorHtml());
    });
    return app;
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

  app.use(refuseCrossSite);
  app.use(everyRequestLimit);
  const strict = rateLimit({
    windowMs: 10 * 60_000,
    limit: config.rateLimitPosts,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    message: limitMessage,
    skip: (req) => req.method !== "POST",
  });
  app.use(strict);

  // Legacy and non-canonical paths: one 301 before React Router (SPEC §2 redirects).
  const canonical = new Set(["/", ...pages.map((p) => p.path), ...getNewsItems().map((n) => n.href)]);
  const routes = import("virtual:react-router/server-build").then((build) => routeTree(build.routes));
  app.use(legacyRedirects({ routes: () => routes, catchAllId: "routes/public/not-found", canonicalPaths: () => canonical }));

  if (options.clientDir) app.use(prerenderedPages({ clientDir: options.clientDir, siteUrl: config.publicSiteUrl }));

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: config.production ? "production" : "development",
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? "" }),
    }),
  );
  return app;
}

/** Stores the analytics visits still queued and logs the ingest counts; call before exit. Never throws. */
export async function beforeExit(): Promise<void> {
  console.log(await drainIngest());
}

export { getConfig };
