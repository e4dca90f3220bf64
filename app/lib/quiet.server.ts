/**
 * Background work that can wait (a picture's normalised copy) waits for a quiet server: while
 * parents' requests keep the one JavaScript thread busy, CPU spent elsewhere only makes their
 * answers later (issue 29: making the copies during bench:surge doubled every step's p99).
 * Quiet means the machine too: with several processes on one machine (issue 17), one process's
 * quiet moment is often the others' busiest, and a copy costs a core for 100-200 ms.
 */
import { cpus } from "node:os";
import { performance } from "node:perf_hooks";

/** CPU time of the machine's cores, summed over them, in ms since boot: `idleMs` of `totalMs`. */
export type CpuTimes = { idleMs: number; totalMs: number };

/** The machine's CPU times now (Node's os.cpus(), every core). */
export function machineCpuTimes(): CpuTimes {
  let idleMs = 0;
  let totalMs = 0;
  for (const { times } of cpus()) {
    idleMs += times.idle;
    totalMs += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idleMs, totalMs };
}

export type QuietOptions = {
  /** Busiest the event loop may have been over the last window (0–1, its utilization): default 0.5. */
  utilization?: number;
  /** The window, in ms: default 500. */
  windowMs?: number;
  /** Longest wait, in ms, after which the work goes ahead anyway: default 10 minutes. */
  maxWaitMs?: number;
  /** Busiest the machine's cores may have been over the window (0–1, all processes): default 0.5. */
  machineBusy?: number;
  /** Where the machine's CPU times are read: default machineCpuTimes. */
  cpuTimes?: () => CpuTimes;
};

/**
 * Resolves once, over a `windowMs` window, the event loop was busy less than `utilization` of it
 * (Node's eventLoopUtilization) and the machine's cores less than `machineBusy` (`cpuTimes`), or
 * after `maxWaitMs` however busy they are. Never rejects.
 */
export async function whenQuiet({ utilization = 0.5, windowMs = 500, maxWaitMs = 600_000, machineBusy = 0.5, cpuTimes = machineCpuTimes }: QuietOptions = {}): Promise<void> {
  const started = Date.now();
  let before = performance.eventLoopUtilization();
  let machineBefore = cpuTimes();
  while (Date.now() - started < maxWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = performance.eventLoopUtilization();
    const machineNow = cpuTimes();
    const total = machineNow.totalMs - machineBefore.totalMs;
    const busy = total > 0 ? 1 - (machineNow.idleMs - machineBefore.idleMs) / total : 0;
    if (performance.eventLoopUtilization(now, before).utilization < utilization && busy < machineBusy) return;
    before = now;
    machineBefore = machineNow;
  }
}
