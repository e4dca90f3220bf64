/**
 * The pages whose content changes with the date in India compute it for the load context's
 * instant (the day the server's memory cache renders them for, server/page-cache.ts), so a page
 * rendered just after midnight IST is already the new day's page.
 */
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { calendarSeed as calendar } from "#content/seed/calendar";
import { openingsSeed as openings } from "#content/seed/openings";
import { memoryPaths } from "~/page-routes";
import { istMidnight } from "~/lib/dates";
import { loader as homeLoader } from "./home";
import { loader as landingLoader } from "./school-in-kharagpur";
import { loader as openingsLoader } from "./openings";

/** Loader arguments with the load context's instant set to `now`. */
const at = (now: Date) => ({ context: { cspNonce: "t0k", clientIp: "", now } as AppLoadContext, request: new Request("http://localhost/"), params: {} }) as never;
/** The last millisecond of an IST date, and the first of the next one. */
const edges = (iso: string) => [new Date(istMidnight(iso).getTime() + 86_400_000 - 1), new Date(istMidnight(iso).getTime() + 86_400_000)] as const;

describe("daily pages", () => {
  it("are kept in memory, so they are rendered again each day", () => {
    expect(memoryPaths).toEqual(expect.arrayContaining(["/", "/openings", "/school-in-kharagpur"]));
  });

  it("home: a calendar item is listed until the end of its last day in India, not after", () => {
    const item = calendar.toSorted((a, b) => a.start.localeCompare(b.start)).find((i) => i.end)!;
    const [lastMoment, nextDay] = edges(item.end!);
    expect(homeLoader(at(lastMoment)).calendar.map((e) => e.title)).toContain(item.title);
    expect(homeLoader(at(nextDay)).calendar.map((e) => e.title)).not.toContain(item.title);
  });

  it("landing page: the academic year turns at midnight IST on 1 November", () => {
    const [lastMoment, nextDay] = edges("2026-10-31");
    expect(landingLoader(at(lastMoment)).academicYear).toBe("2025-26");
    expect(landingLoader(at(nextDay)).academicYear).toBe("2026-27");
  });

  it("openings: an opening is shown through its closing date in India", () => {
    const opening = openings[0]!;
    const [lastMoment, nextDay] = edges(opening.closingDate);
    expect(openingsLoader(at(lastMoment)).openings.map((o) => o.role)).toContain(opening.role);
    expect(openingsLoader(at(nextDay)).openings.map((o) => o.role)).not.toContain(opening.role);
  });
});
