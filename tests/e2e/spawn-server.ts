/**
 * Starts an extra production server for a spec that needs a different configuration (missing
 * variables, an unreachable database). Resolves once it listens; `log` collects its output.
 */
import { spawn } from "node:child_process";
import { E2E_ENV } from "./env";

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
