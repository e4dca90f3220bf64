/**
 * The shapes of the Analytics result's rows (SPEC §3, §7), in one place: what the SQL functions
 * return, what their TypeScript twins compute and what the dashboard draws. Field names are the
 * SPEC's, as the procedures return them; counts are visits, unique visitors are distinct IPs.
 */
import type { ReferrerCategory } from "./referrer";

export type AnalyticsCounts = { total_visits: number; unique_visitors: number; apply_page_visits: number };
export type DailyVisitorRow = { visit_date: string; visitor_count: number; unique_visitors: number; new_visitors: number; apply_page_visits: number };
export type PagePopularityRow = { page_visited: string; visit_count: number; unique_visitors: number };
export type TrafficCategoryRow = { category: ReferrerCategory; visit_count: number; unique_visitors: number };
export type TrafficDetailRow = { source: string; category: ReferrerCategory; visit_count: number; unique_visitors: number };

/** Visits per hour of the day in India (0-23). */
export type HourlyRow = { hour: number; visitor_count: number; unique_visitors: number };
/** A place (country, region, city) by visits. */
export type LocationRow = { country: string; region: string; city: string; visits: number; unique_visitors: number };
/** SPEC §3 "Repeat visitor summary"; first_visit and last_visit are ISO instants (UTC). */
export type RepeatVisitor = {
  ip: string;
  country: string | null;
  city: string | null;
  browser: string | null;
  device_type: string | null;
  visits: number;
  session_count: number;
  first_visit: string;
  last_visit: string;
  /** Calendar days in India between the first and the last visit (0 = same day). */
  days_between_visits: number;
  /** More than one session: the visitor came back, not just opened several pages. */
  is_truly_returning: boolean;
};
/** A device type or browser by visits. */
export type CountRow = { name: string; count: number };
