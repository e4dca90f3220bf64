/**
 * Starts the web server on PORT/HOST (default http://127.0.0.1:3000).
 * Production bundle: `npm start` (builds first) or `npm run serve`. Development with Vite's
 * hot reload: `npm run dev`. Run from the project folder.
 */
import path from "node:path";
import express from "express";
import type * as AppExports from "./app";
import { createHttpServer } from "./http-server";
import { collectWhenQuiet } from "./idle-memory";
import { messageOf } from "~/lib/errors";

type AppModule = typeof AppExports;

/** Longest a graceful shutdown may take, in ms (SHUTDOWN_TIMEOUT_MS, default 10 s). */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(process.env.SHUTDOWN_TIMEOUT_MS) : 10_000;

const useVite = process.argv.includes("--dev") || process.env.npm_lifecycle_event === "dev";

if (!useVite) {
  // The built site always runs as production: React's production build, React Router's
  // production mode (no error details reach a browser) and Express's. Which configuration
  // applies stays the operator's choice (APP_ENV, by default their NODE_ENV): a fresh clone's
  // `npm start` keeps the development defaults (app/lib/config.server.ts).
  process.env.APP_ENV ??= process.env.NODE_ENV === "production" ? "production" : "development";
  process.env.NODE_ENV = "production";
}

async function main() {
  const outer = express();
  outer.disable("x-powered-by");
  let mod: AppModule;
  let clientDir: string | undefined;
  if (useVite) {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true } });
    outer.use(server.middlewares);
    mod = (await server.ssrLoadModule("./server/app.ts")) as AppModule;
  } else {
    // @ts-expect-error produced by `npm run build`
    mod = (await import("../build/server/index.js")) as AppModule;
    clientDir = path.resolve("build/client");
  }
  const config = mod.getConfig();
  try {
    for (const line of await mod.prepare()) console.log(line);
  } catch (error) {
    if (mod.isFatalAtStart(error)) {
      // The embedded database's folder is held by another process or damaged: one clear line.
      console.error(messageOf(error));
      process.exit(1);
    }
    // Pages that need no database keep working; the database is retried on each use and
    // /healthz reports it. The administrator account is checked again at the next start.
    console.error("Database unavailable at start:", messageOf(error));
  }
  const site = mod.createApp({ clientDir });
  outer.use(site.app);
  const fromMemory = site.fromMemory;
  // Keeps each connection's address from its start and answers requests Node's parser refuses
  // (headers over 16 KiB, a broken request line) with the security headers. Pages kept in
  // memory are answered before Express when they can be (server/memory-answers.ts).
  const server = createHttpServer(fromMemory ? (req, res) => fromMemory(req, res, () => outer(req, res)) : outer).listen(config.port, config.host, () => {
    const shown = config.host === "127.0.0.1" || config.host === "0.0.0.0" ? "localhost" : config.host;
    console.log(`Serving http://${shown}:${config.port}`);
    console.log(`Admin area: http://${shown}:${config.port}/admin`);
  });
  // After a surge, give its memory back (with --expose-gc, which `npm run serve` sets).
  collectWhenQuiet(server);
  // A promise nobody awaited must not end the process (Node's default): log it and keep serving.
  process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", messageOf(reason)));

  // Graceful shutdown: stop accepting, let requests in flight finish, store the queued visits,
  // close the database, all within SHUTDOWN_TIMEOUT_MS; a second signal ends at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    const started = Date.now();
    console.log(`${signal}: shutting down (at most ${SHUTDOWN_TIMEOUT_MS / 1000} s).`);
    setTimeout(() => {
      console.error("Shutdown took too long; exiting.");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    server.close(() => {
      const left = SHUTDOWN_TIMEOUT_MS - (Date.now() - started) - 500;
      void mod.beforeExit(Math.max(left, 0)).finally(() => process.exit(0));
    });
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
