/**
 * Visitor analytics (SPEC §3, §4, §7; DESIGN.md §5): one row per recorded page visit, and the
 * monthly aggregates the yearly reset keeps after it deletes last year's rows. Timestamps are
 * UTC instants (timestamptz); days and hours are bucketed in Asia/Kolkata by the queries.
 *
 * The SQL functions that read these tables (get_analytics_counts and the others of SPEC §7)
 * are created by a hand-written migration in drizzle/.
 */
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Rows whose is_bot is true are kept for the record but left out of every figure. */
const notBot = sql`is_bot IS NOT TRUE`;

export const visitorAnalytics = pgTable(
  "visitor_analytics",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Client IP, the development placeholder for localhost, or 'unavailable' (minimal record). */
    visitorIp: text("visitor_ip").notNull(),
    /** The tracker's session id (localStorage, renewed after 2 hours, SPEC §4). */
    sessionId: text("session_id").notNull(),
    userAgent: text("user_agent"),
    /** Path of the page, e.g. "/apply" (no query string). */
    pageVisited: text("page_visited").notNull(),
    country: text("country"),
    city: text("city"),
    region: text("region"),
    /** Full referrer URL, or null for a direct visit. */
    referrer: text("referrer"),
    /** desktop, mobile or tablet (SPEC §9); null when unknown (reduced and minimal records). */
    deviceType: text("device_type"),
    /** One of SPEC §9's browser values; null when unknown. */
    browser: text("browser"),
    os: text("os"),
    isMobile: boolean("is_mobile"),
    isApplyPage: boolean("is_apply_page").notNull().default(false),
    isNewVisitor: boolean("is_new_visitor").notNull().default(true),
    visitCount: integer("visit_count").notNull().default(1),
    /** true, false, or null when not yet checked (SPEC §3, §4 "Bot flag"). */
    isBot: boolean("is_bot"),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Date-range reads of every figure (SPEC §7 procedures, the Analytics result).
    index("visitor_analytics_timestamp_idx").on(t.timestamp),
    // New/returning look-ups at ingest (SPEC §4): by session, then by IP within 24 h / 7 days.
    // Partial on non-bot rows, as the rules ignore bots; visit_count in the key makes the
    // look-ups index-only, and session_id the repeat visitors' session counts (SPEC §3; 3 M
    // visits: 100 ms of heap reads for the top 50 IPs' sessions became 35 ms, drizzle/0015).
    index("visitor_analytics_session_idx").on(t.sessionId, t.visitCount).where(notBot),
    index("visitor_analytics_ip_time_idx").on(t.visitorIp, t.timestamp, t.visitCount, t.sessionId).where(notBot),
  ],
);

export const analyticsAggregated = pgTable(
  "analytics_aggregated",
  {
    id: serial("id").primaryKey(),
    /** Month in India, "YYYY-MM". */
    period: text("period").notNull(),
    totalVisits: integer("total_visits").notNull(),
    uniqueVisitors: integer("unique_visitors").notNull(),
    applyPageVisits: integer("apply_page_visits").notNull(),
    /** Maps of name to number of visits, e.g. { "India": 120 }. */
    countries: jsonb("countries").$type<Record<string, number>>().notNull(),
    browsers: jsonb("browsers").$type<Record<string, number>>().notNull(),
    devices: jsonb("devices").$type<Record<string, number>>().notNull(),
    referrers: jsonb("referrers").$type<Record<string, number>>().notNull(),
    pages: jsonb("pages").$type<Record<string, number>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("analytics_aggregated_period_idx").on(t.period)],
);
