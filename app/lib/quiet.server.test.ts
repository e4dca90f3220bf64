import { describe, expect, it } from "vitest";
import { whenQuiet } from "./quiet.server";

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
    await whenQuiet({ windowMs: 50 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("waits while the event loop is busy, and goes ahead soon after it is not", async () => {
    const started = Date.now();
    let resolvedAt = 0;
    const waiting = whenQuiet({ windowMs: 100 }).then(() => (resolvedAt = Date.now() - started));
    await busyFor(600);
    expect(resolvedAt).toBe(0);
    await waiting;
    expect(resolvedAt).toBeGreaterThanOrEqual(600);
    expect(resolvedAt).toBeLessThan(3_000);
  });

  it("goes ahead after its longest wait however busy the loop is", async () => {
    let done = false;
    const waiting = whenQuiet({ windowMs: 50, maxWaitMs: 200 }).then(() => (done = true));
    await busyFor(500);
    await waiting;
    expect(done).toBe(true);
  });
});
