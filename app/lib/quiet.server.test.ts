import { describe, expect, it } from "vitest";
import { machineCpuTimes, whenQuiet } from "./quiet.server";

/** Keeps the event loop busy for `ms`, in slices of 20 ms, so timers still run between them. */
async function busyFor(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const slice = Date.now() + 20;
    while (Date.now() < slice);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The other test files keep the machine's cores busy: these tests look at the loop alone unless they say otherwise. */
const loopOnly = { machineUtilization: 1 };

describe("whenQuiet", () => {
  it("goes ahead after one window when nothing else runs", async () => {
    const started = Date.now();
    await whenQuiet({ ...loopOnly, windowMs: 50 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("waits while the event loop is busy, and goes ahead soon after it is not", async () => {
    const started = Date.now();
    let resolvedAt = 0;
    const waiting = whenQuiet({ ...loopOnly, windowMs: 100 }).then(() => (resolvedAt = Date.now() - started));
    await busyFor(600);
    expect(resolvedAt).toBe(0);
    await waiting;
    expect(resolvedAt).toBeGreaterThanOrEqual(600);
    expect(resolvedAt).toBeLessThan(3_000);
  });

  it("goes ahead after its longest wait however busy the loop is", async () => {
    let done = false;
    const waiting = whenQuiet({ ...loopOnly, windowMs: 50, maxWaitMs: 200 }).then(() => (done = true));
    await busyFor(500);
    await waiting;
    expect(done).toBe(true);
  });

  it("waits while the machine's cores are busy though the loop is idle (another process, the database)", async () => {
    // A machine whose cores are 90 % busy for the first four windows, then 10 %.
    let windows = 0;
    const cpuTimes = () => {
      const w = windows++;
      const busy = Math.min(w, 4) * 90 + Math.max(0, w - 4) * 10;
      return { busy, total: w * 100 };
    };
    const started = Date.now();
    await whenQuiet({ windowMs: 50, cpuTimes });
    expect(windows).toBe(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 50 - 10);
  });

  it("reads the machine's CPU time as busy within all, growing", async () => {
    const first = machineCpuTimes();
    await busyFor(100);
    const second = machineCpuTimes();
    expect(first.busy).toBeLessThanOrEqual(first.total);
    expect(second.total).toBeGreaterThan(first.total);
    expect(second.busy).toBeGreaterThan(first.busy);
  });
});
