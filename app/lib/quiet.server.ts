/**
 * Background work that can wait (a picture's normalised copy) waits for a quiet server: while
 * parents' requests keep the one JavaScript thread busy, CPU spent elsewhere only makes their
 * answers later (issue 29: making the copies during bench:surge doubled every step's p99).
 */
import { performance } from "node:perf_hooks";

export type QuietOptions = {
  /** Busiest the event loop may have been over the last window (0–1, its utilization): default 0.5. */
  utilization?: number;
  /** The window, in ms: default 500. */
  windowMs?: number;
  /** Longest wait, in ms, after which the work goes ahead anyway: default 10 minutes. */
  maxWaitMs?: number;
};

/**
 * Resolves once the event loop was busy less than `utilization` of a `windowMs` window
 * (Node's eventLoopUtilization), or after `maxWaitMs` however busy it is. Never rejects.
 */
export async function whenQuiet({ utilization = 0.5, windowMs = 500, maxWaitMs = 600_000 }: QuietOptions = {}): Promise<void> {
  const started = Date.now();
  let before = performance.eventLoopUtilization();
  while (Date.now() - started < maxWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = performance.eventLoopUtilization();
    if (performance.eventLoopUtilization(now, before).utilization < utilization) return;
    before = now;
  }
}
