/**
 * Starts the web server on PORT/HOST (default http://127.0.0.1:3000).
 * Production bundle: `npm start` (builds first) or `npm run serve`. Development with Vite's
 * hot reload: `npm run dev`. Run from the project folder.
 */
import path from "node:path";
import express from "express";
import type * as AppExports from "./app";

type AppModule = typeof AppExports;

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
    // Pages that need no database keep working; the database is retried on each use and
    // /healthz reports it. The administrator account is checked again at the next start.
    console.error("Database unavailable at start:", error instanceof Error ? error.message : error);
  }
  outer.use(mod.createApp({ clientDir }));
  const server = outer.listen(config.port, config.host, () => {
    const shown = config.host === "127.0.0.1" || config.host === "0.0.0.0" ? "localhost" : config.host;
    console.log(`Serving http://${shown}:${config.port}`);
    console.log(`Admin area: http://${shown}:${config.port}/admin`);
  });
  // Queued analytics visits are stored before the process ends.
  const stop = () => server.close(() => void mod.beforeExit().finally(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
