/**
 * Starts the production server (`npx tsx server/index.ts`, which serves build/) on a free port
 * with a throwaway DATA_DIR, for audits. NODE_ENV and DATABASE_URL are removed from its
 * environment, so it runs in development mode on its own embedded PGlite with sample data.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type RunningServer = {
  /** e.g. "http://127.0.0.1:41234" (no trailing slash). */
  origin: string;
  /** The process id of its process group's leader (npx, whose descendants are the server). */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Stops the server's process group and deletes its DATA_DIR; safe to call twice. */
  stop(): Promise<void>;
};

/** A TCP port on 127.0.0.1 that is free right now, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Sends `signal` to the whole process group of `child` (npx → tsx → node); ignores a gone group. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already exited
  }
}

/** Resolves when `child` has exited, or after `ms` milliseconds; true when it exited. */
function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the server from `projectDir` and waits (up to `timeoutMs`, default 60 000 ms) until
 * GET /healthz answers 200. Throws, after stopping it, when it exits or never becomes healthy.
 */
export async function startServer(projectDir: string, timeoutMs = 60_000): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kva-audit-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_SITE_URL: origin };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  delete env.npm_lifecycle_event;
  const child = spawn("npx", ["tsx", "server/index.ts"], { cwd: projectDir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    signalGroup(child, "SIGTERM");
    if (!(await exited(child, 5_000))) signalGroup(child, "SIGKILL");
    await exited(child, 2_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const server: RunningServer = { origin, pid: child.pid ?? 0, output: () => log, stop };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server did not answer GET /healthz with 200 within ${timeoutMs} ms. Its output:\n${log}`);
}
