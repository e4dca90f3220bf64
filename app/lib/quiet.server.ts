/**
 * Background work that can wait (a picture's normalised copy) waits for a quiet server: while
 * parents' requests keep the one JavaScript thread busy, CPU spent elsewhere only makes their
 * answers later (issue 29: making the copies during bench:surge doubled every step's p99). With
 * several processes on one machine, one process's loop can be quiet while the cores are not
 * (the others, PostgreSQL): so the machine's cores must be quiet too.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";

export type QuietOptions = {
  /** Busiest the event loop may have been over the last window (0–1, its utilization): default 0.5. */
  utilization?: number;
  /** Busiest the machine's cores may have been over the window (0–1, all cores together): default 0.5. */
  machineUtilization?: number;
  /** The machine's CPU time so far, busy and in all, in any unit (default: os.cpus(), ms). */
  cpuTimes?: () => { busy: number; total: number };
  /** The window, in ms: default 500. */
  windowMs?: number;
  /** Longest wait, in ms, after which the work goes ahead anyway: default 10 minutes. */
  maxWaitMs?: number;
};

/** The machine's CPU time since boot, busy and in all (ms, all cores), from os.cpus(). */
export function machineCpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

/**
 * Resolves once, over one `windowMs` window, the event loop was busy less than `utilization`
 * of it (Node's eventLoopUtilization) and the machine's cores at most `machineUtilization`, or
 * after `maxWaitMs` however busy they are. Never rejects.
 */
export async function whenQuiet({ utilization = 0.5, machineUtilization = 0.5, cpuTimes = machineCpuTimes, windowMs = 500, maxWaitMs = 600_000 }: QuietOptions = {}): Promise<void> {
  const started = Date.now();
  let before = performance.eventLoopUtilization();
  let cpuBefore = cpuTimes();
  while (Date.now() - started < maxWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = performance.eventLoopUtilization();
    const cpuNow = cpuTimes();
    const elapsed = cpuNow.total - cpuBefore.total;
    const machine = elapsed > 0 ? (cpuNow.busy - cpuBefore.busy) / elapsed : 0;
    if (performance.eventLoopUtilization(now, before).utilization < utilization && machine <= machineUtilization) return;
    before = now;
    cpuBefore = cpuNow;
  }
}
