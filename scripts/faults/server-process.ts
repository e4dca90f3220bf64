/**
 * A production server process for the operations scripts (test:faults, test:processes,
 * backup round trip): the built site (`npm run build` first) on a port with a complete
 * configuration, its output collected, and whether it ever exited without being asked.
 */
import { spawn } from "node:child_process";
import path from "node:path";

export const projectDir = path.resolve(import.meta.dirname, "../..");

export type ServerProcess = {
  origin: string;
  log: () => string;
  /** Exit status if the process ended without stop() being called, else null. */
  exitedAlone: () => number | null;
  /** Sends SIGTERM and resolves with the exit status. */
  stop: () => Promise<number>;
};

/** The production environment of a server on `port` with data in `dataDir`. */
export function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const origin = `http://127.0.0.1:${port}`;
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_SITE_URL: origin,
    AUTH_SECRET: "ops-auth-secret-0123456789abcdef0123456789abcdef",
    RECEIPT_SECRET: "ops-receipt-secret-0123456789abcdef0123456789ab",
    ADMIN_EMAIL: "admin@ops.example",
    ADMIN_PASSWORD: "ops-admin-password-1",
    TRUST_PROXY: "1",
    ...extra,
  };
}

/** Starts the server and resolves once it listens; rejects with its output if it does not within 120 s. */
export async function startServer(env: Record<string, string>, onExitAlone?: (status: number) => void): Promise<ServerProcess> {
  let log = "";
  let alone: number | null = null;
  let stopping = false;
  const child = spawn("node_modules/.bin/tsx", ["server/index.ts"], { cwd: projectDir, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise<number>((resolve) =>
    child.once("exit", (code, signal) => {
      const status = code ?? (signal ? 128 : 1);
      if (!stopping) {
        alone = status;
        onExitAlone?.(status);
      }
      resolve(status);
    }),
  );
  const started = Date.now();
  while (!log.includes("Serving")) {
    if (alone !== null || Date.now() - started > 120_000) {
      child.kill("SIGKILL");
      throw new Error(`server on port ${env.PORT} did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin: `http://127.0.0.1:${env.PORT}`,
    log: () => log,
    exitedAlone: () => alone,
    stop: () => {
      stopping = true;
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
