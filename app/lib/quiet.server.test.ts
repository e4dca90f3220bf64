import { describe, expect, it } from "vitest";
import { machineCpuTimes, whenQuiet, type CpuTimes } from "./quiet.server";

/** A machine whose cores were idle (`busy` 0) or busy (`busy` 1) since the last reading, as `busy()` says. */
function fakeMachine(busy: () => boolean): () => CpuTimes {
  let idleMs = 0;
  let totalMs = 0;
  return () => {
    totalMs += 1_000;
    if (!busy()) idleMs += 1_000;
    return { idleMs, totalMs };
  };
}
const idleMachine = fakeMachine(() => false);

/** Keeps the event loop busy for `ms`, in slices of 20 ms, so timers still run between them. */
async function busyFor(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const slice = Date.now() + 20;
    while (Date.now() < slice);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("whenQuiet", () => {
  it("goes ahead after one window when nothing else runs", async () => {
    const started = Date.now();
    await whenQuiet({ windowMs: 50, cpuTimes: idleMachine });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("waits while the event loop is busy, and goes ahead soon after it is not", async () => {
    const started = Date.now();
    let resolvedAt = 0;
    const waiting = whenQuiet({ windowMs: 100, cpuTimes: idleMachine }).then(() => (resolvedAt = Date.now() - started));
    await busyFor(600);
    expect(resolvedAt).toBe(0);
    await waiting;
    expect(resolvedAt).toBeGreaterThanOrEqual(600);
    expect(resolvedAt).toBeLessThan(3_000);
  });

  it("waits while the machine's other processes keep its cores busy, though its own loop is idle", async () => {
    let othersBusy = true;
    const started = Date.now();
    let resolvedAt = 0;
    const waiting = whenQuiet({ windowMs: 50, cpuTimes: fakeMachine(() => othersBusy) }).then(() => (resolvedAt = Date.now() - started));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(resolvedAt).toBe(0);
    othersBusy = false;
    await waiting;
    expect(resolvedAt).toBeGreaterThanOrEqual(400);
  });

  it("reads the machine's cores: idle time within all time, both growing", () => {
    const first = machineCpuTimes();
    for (let end = Date.now() + 50; Date.now() < end; );
    const second = machineCpuTimes();
    expect(first.idleMs).toBeLessThanOrEqual(first.totalMs);
    expect(second.totalMs).toBeGreaterThan(first.totalMs);
    expect(second.idleMs).toBeGreaterThanOrEqual(first.idleMs);
  });

  it("goes ahead after its longest wait however busy the loop is", async () => {
    let done = false;
    const waiting = whenQuiet({ windowMs: 50, maxWaitMs: 200 }).then(() => (done = true));
    await busyFor(500);
    await waiting;
    expect(done).toBe(true);
  });
});
