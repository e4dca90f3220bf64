import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { spacedRuns } from "./spaced-runs";

describe("spacedRuns", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A run that takes `ms` of fake time and records when it started. */
  function recorder(ms: number, fail = false) {
    const starts: number[] = [];
    const run = () => {
      starts.push(Date.now());
      return new Promise<void>((resolve, reject) => setTimeout(() => (fail ? reject(new Error("database away")) : resolve()), ms));
    };
    return { starts, run };
  }

  it("runs at once when idle, then at most once per spacing however many wakes come", async () => {
    const { starts, run } = recorder(50);
    const wake = spacedRuns(run, 1000);
    const t0 = Date.now();
    for (let i = 0; i < 30; i++) {
      wake();
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(starts.map((s) => s - t0)).toEqual([0, 1000, 2000, 3000]);
  });

  it("never runs twice at once, and a wake during a long run gives one run after it", async () => {
    const { starts, run } = recorder(2500);
    const wake = spacedRuns(run, 1000);
    const t0 = Date.now();
    wake();
    await vi.advanceTimersByTimeAsync(500);
    wake();
    wake();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts.map((s) => s - t0)).toEqual([0, 2500]);
  });

  it("keeps waking after a run that failed", async () => {
    const { starts, run } = recorder(10, true);
    const wake = spacedRuns(run, 1000);
    wake();
    await vi.advanceTimersByTimeAsync(1500);
    wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(starts).toHaveLength(2);
  });
});
