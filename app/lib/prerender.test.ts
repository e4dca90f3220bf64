import { describe, expect, it } from "vitest";
import { renderInstant } from "./prerender";

describe("renderInstant", () => {
  it("is the load context's instant, else now", () => {
    const instant = new Date("2026-10-31T18:30:00Z");
    expect(renderInstant({ now: instant })).toBe(instant);
    expect(Math.abs(renderInstant(undefined).getTime() - Date.now())).toBeLessThan(1000);
  });
});
