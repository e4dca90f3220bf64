/**
 * Realtime visitors: distinct visitors (IPs) and visits in the 5 minutes before now,
 * bots left out, counted by the same query as the result's period totals. Throws
 * "Database error: {reason}" (SPEC §8).
 */
import type { Database } from "~/db/client.server";
import { periodTotals } from "./raw-visit-queries.server";

export const REALTIME_WINDOW_MS = 5 * 60_000;

export type Realtime = { visitors: number; visits: number; /** The instant counted back from (ISO, UTC). */ asOf: string };

/** Visitors with a visit in [now − 5 min, now]. */
export async function getRealtimeVisitors(db: Database, now: Date = new Date()): Promise<Realtime> {
  const totals = await periodTotals(db, new Date(now.getTime() - REALTIME_WINDOW_MS), new Date(now.getTime() + 1));
  return { visitors: totals.uniqueVisitors, visits: totals.totalVisits, asOf: now.toISOString() };
}
