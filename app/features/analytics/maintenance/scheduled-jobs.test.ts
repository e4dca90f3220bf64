import { describe, expect, it } from "vitest";
import { DAILY_RUN_AFTER_MIDNIGHT_MS, msUntilDailyRun, rangesToWarm } from "./scheduled-jobs.server";

const MIN = 60_000;

describe("msUntilDailyRun", () => {
  it("waits for the next midnight in India plus the rollup lag and a minute", () => {
    expect(DAILY_RUN_AFTER_MIDNIGHT_MS).toBe(11 * MIN);
    // 23:00 on 14 Mar in India is 17:30 UTC.
    expect(msUntilDailyRun(new Date("2026-03-14T17:30:00Z"))).toBe(71 * MIN);
    // 00:05 in India: today's run is still ahead.
    expect(msUntilDailyRun(new Date("2026-03-14T18:35:00Z"))).toBe(6 * MIN);
    // 00:11 exactly: today's run is now, so the next one is tomorrow's.
    expect(msUntilDailyRun(new Date("2026-03-14T18:41:00Z"))).toBe(24 * 60 * MIN);
  });
});

describe("rangesToWarm", () => {
  it("warms every range in the nightly run and only the default one at a start during the day", () => {
    // 00:11 and 01:10 in India: the nightly run.
    expect(rangesToWarm(new Date("2026-03-14T18:41:00Z"))).toEqual(["30days", "today", "yesterday", "7days", "90days", "year"]);
    expect(rangesToWarm(new Date("2026-03-14T19:40:00Z"))).toHaveLength(6);
    // 01:12 and 14:00 in India: a start during the day.
    expect(rangesToWarm(new Date("2026-03-14T19:42:00Z"))).toEqual(["30days"]);
    expect(rangesToWarm(new Date("2026-03-15T08:30:00Z"))).toEqual(["30days"]);
  });
});
