import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startShakeSchedule } from "./shake";

describe("startShakeSchedule", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function record(isClosed: () => boolean) {
    const events: Array<[number, boolean]> = [];
    const start = Date.now();
    const stop = startShakeSchedule(isClosed, (on) => events.push([Date.now() - start, on]));
    return { events, stop };
  }

  it("shakes at 5 s, then every 30 s, for 800 ms each", () => {
    const { events, stop } = record(() => true);
    vi.advanceTimersByTime(61_000);
    stop();
    expect(events).toEqual([
      [5_000, true], [5_800, false],
      [30_000, true], [30_800, false],
      [60_000, true], [60_800, false],
    ]);
  });

  it("does not shake while the form is open", () => {
    let closed = false;
    const { events, stop } = record(() => closed);
    vi.advanceTimersByTime(31_000);
    expect(events).toEqual([]);
    closed = true;
    vi.advanceTimersByTime(30_000);
    stop();
    expect(events).toEqual([[60_000, true], [60_800, false]]);
  });

  it("stops every timer, including a shake in progress", () => {
    const { events, stop } = record(() => true);
    vi.advanceTimersByTime(5_100);
    stop();
    vi.advanceTimersByTime(100_000);
    expect(events).toEqual([[5_000, true]]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
