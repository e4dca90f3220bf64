/**
 * Starts an extra production server for a spec that needs a different configuration (missing
 * variables, an unreachable database). Resolves once it listens; `log` collects its output.
 */
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { test } from "@playwright/test";
import { E2E_ENV, extraPort } from "./env";

/** How long a spawned server may take to listen; specs give their beforeAll more than this. */
export const START_TIMEOUT_MS = 90_000;

/** `stop` resolves once the server has exited, so the next one can take its port and data folder. */
export type SpawnedServer = { origin: string; log: () => string; stop: () => Promise<void> };

export async function spawnServer(port: number, env: Record<string, string>): Promise<SpawnedServer> {
  let log = "";
  const child = spawn("node_modules/.bin/tsx", ["server/index.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: `data/e2e-${port}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const started = Date.now();
  // A loaded machine can take a while to start tsx; a server that never starts is stopped so
  // a retry finds its port free.
  while (!log.includes("Serving")) {
    if (child.exitCode !== null || Date.now() - started > START_TIMEOUT_MS) {
      child.kill();
      throw new Error(`server on ${port} did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = () => {
    if (child.exitCode === null) child.kill();
    return exited;
  };
  return { origin: `http://localhost:${port}`, log: () => log, stop };
}

/** A complete production configuration for another port. */
export function productionEnv(port: number): Record<string, string> {
  return { ...E2E_ENV, PORT: String(port), DATA_DIR: `data/e2e-${port}`, PUBLIC_SITE_URL: `http://localhost:${port}` };
}

/**
 * A development configuration (NODE_ENV unset: sample payments and the test gateway exist) for
 * another port, with the e2e administrator and a fresh data folder name.
 */
export function developmentEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  const { NODE_ENV: _production, ...rest } = productionEnv(port);
  return { ...rest, ...extra };
}

/** Playwright's projects by width: "desktop" (1280 px) and "phone" (390 px). */
const projectOf = (width: number | undefined) => ((width ?? 0) >= 500 ? "desktop" : "phone");

/**
 * Gives the spec file (or the describe block it is called in) a development server of its own on
 * extraPort(`n`), where the sample roll, the test gateway and sample payments exist, with a fresh
 * data folder: started before the tests on the one project that runs them (`project`), stopped
 * after them; on the other project the tests are skipped for `reason`. Returns the server, whose
 * `origin` may be read once the tests run.
 */
export function ownDevelopmentServer(n: Parameters<typeof extraPort>[0], project: "desktop" | "phone", reason: string): SpawnedServer {
  const port = extraPort(n);
  let server: SpawnedServer | undefined;
  test.skip(({ viewport }) => projectOf(viewport?.width) !== project, reason);
  test.beforeAll(async () => {
    if (projectOf(test.info().project.use.viewport?.width) !== project) return;
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    await rm(`data/e2e-${port}`, { recursive: true, force: true });
    server = await spawnServer(port, developmentEnv(port, { PAYMENT_PROVIDER: "mock" }));
  });
  test.afterAll(() => server?.stop());
  const started = () => {
    if (!server) throw new Error(`the development server on ${port} has not started`);
    return server;
  };
  return { get origin() { return started().origin; }, log: () => started().log(), stop: () => started().stop() };
}
