/**
 * What the benches share: their command-line numbers, percentiles, a process's resident memory
 * and a server process of the production build to measure.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The number after `--name` on the command line, else `fallback`. Throws when it is not a
 * positive number (or, with `zero`, not zero or more).
 */
export function option(name: string, fallback: number, { zero = false } = {}): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0 || (!zero && value === 0)) throw new Error(`--${name} must be a ${zero ? "non-negative" : "positive"} number`);
  return value;
}

/** The `q` quantile (0–1) of `list` by the nearest-rank method; NaN for an empty list. */
export function percentile(list: readonly number[], q: number): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** Resident memory of process `pid` in bytes (VmRSS, Linux); 0 once it has exited. */
export function rssOf(pid: number): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every Linux platform that matters here). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time the hypervisor gave to other machines while this one wanted it ("steal", the eighth
 * value after the label of /proc/stat's cpu line), in ms summed over the cores since boot; 0
 * where unreadable.
 */
export function stolenCpuMs(): number {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    return (Number(fields[8] ?? 0) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time every process on the machine has used (user, nice, system, irq and softirq: the
 * first, second, third, sixth and seventh values of /proc/stat's cpu line), in ms summed over
 * the cores since boot; 0 where unreadable. Minus `cpuMsOf` the processes one knows, it is what
 * the others used.
 */
export function busyCpuMs(): number {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    return ([1, 2, 3, 6, 7].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time process `pid` and its children have used so far (user + system, all threads), in ms,
 * from /proc (Linux); children: the processes `pid` started, such as nginx's workers, running
 * or exited and waited for. 0 for a process that has exited. Resolution: 10 ms.
 */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime, stime, cutime and cstime are fields 14-17 of stat(5), here 12-15 after the command
    // name: its own time and that of its children that have exited (a browser's old renderers).
    const own = ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    return own + children.reduce((sum, child) => sum + cpuMsOf(child), 0);
  } catch {
    return 0;
  }
}

export type BenchServer = {
  origin: string;
  /** Its DATA_DIR (removed by `stop`). */
  dataDir: string;
  pid: number;
  /** Whether it exited by itself. */
  exited: () => boolean;
  /** The last 20,000 characters it printed. */
  log: () => string;
  /** SIGTERM, then waits for the exit; removes its data folder. */
  stop: () => Promise<void>;
};

/**
 * The V8 flags `npm run serve` gives the server (its NODE_OPTIONS in package.json, e.g.
 * `--max-semi-space-size=64`), so a bench measures the server as it runs in production.
 */
export function serveNodeFlags(projectDir: string): string[] {
  const serve: string = JSON.parse(readFileSync(path.join(projectDir, "package.json"), "utf8")).scripts.serve;
  return /NODE_OPTIONS=\\?"([^$"\\]*)/.exec(serve)?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/**
 * Starts `server/index.ts` of `projectDir` (its production build) on 127.0.0.1:`port` with a
 * fresh DATA_DIR, bench secrets and `env` on top, with the V8 flags of `npm run serve`
 * (serveNodeFlags) and Node's `nodeArgs` (e.g. --cpu-prof), and waits (up to 120 s) until it
 * serves. Throws with its log when it does not start.
 */
export async function startBenchServer(projectDir: string, port: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kva-bench-"));
  const origin = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const output = openSync(logFile, "a");
  const child = spawn(process.execPath, [...serveNodeFlags(projectDir), ...nodeArgs, "--import", "tsx", "server/index.ts"], {
    cwd: projectDir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_SITE_URL: origin,
      AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789abcdef",
      RECEIPT_SECRET: "bench-receipt-secret-0123456789abcdef0123456789ab",
      ADMIN_EMAIL: "admin@bench.example",
      ADMIN_PASSWORD: "bench-admin-password-1",
      ...env,
    },
    // To a file, not a pipe: Node writes to a pipe synchronously, so a bench busy with its own
    // clients would stall the server it measures whenever the pipe's 64 KiB filled.
    stdio: ["ignore", output, output],
  });
  closeSync(output);
  const log = () => {
    try {
      return readFileSync(logFile, "utf8").slice(-20_000);
    } catch {
      return "";
    }
  };
  const exit = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exit;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const starting = Date.now();
  while (!log().includes("Serving")) {
    if (child.exitCode !== null || Date.now() - starting > 120_000) {
      const printed = log();
      await stop();
      throw new Error(`The server on port ${port} did not start:\n${printed}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin, dataDir, pid: child.pid!, exited: () => !stopping && child.exitCode !== null, log, stop };
}
