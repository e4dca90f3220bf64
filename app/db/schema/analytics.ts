/**
 * Visitor analytics (SPEC §3, §4, §7; DESIGN.md §5): one row per recorded page visit, and the
 * monthly aggregates the yearly reset keeps after it deletes last year's rows. Timestamps are
 * UTC instants (timestamptz); days and hours are bucketed in Asia/Kolkata by the queries.
 *
 * Below them, the rollups and caches the analytics SQL functions build and read (decision
 * records 009 and 013): daily and hourly rollups with their versions, range caches, visitor
 * ids and the record counts. Hand-written migrations created them (0005, 0008, 0014), so their
 * constraints keep PostgreSQL's default names ("_pkey", "_key", "_fkey", "_check"). The SQL
 * functions that fill and read them (get_analytics_counts and the others of SPEC §7, the
 * rollup builders, the triggers on visitor_analytics) are in app/db/sql/, listed in
 * app/db/sql/map.ts.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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

/** A small integer per visitor IP, so the rollups keep visitor sets as sorted integer arrays. */
export const analyticsVisitorIds = pgTable("analytics_visitor_ids", {
  id: serial("id").primaryKey(),
  visitorIp: text("visitor_ip").notNull().unique("analytics_visitor_ids_visitor_ip_key"),
});

/**
 * One row per closed IST day whose visits changed (drizzle/0005): the triggers on
 * visitor_analytics bump `version`; the day's rollup rows are read only while
 * built_version = version.
 */
export const analyticsRollupDays = pgTable("analytics_rollup_days", {
  day: date("day").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  /** The version the day's rollup rows were built from; null: never built. */
  builtVersion: bigint("built_version", { mode: "number" }),
});

/** The daily rollup: visits of one IST day grouped by dimension and key (drizzle/0005). */
export const analyticsDailyRollup = pgTable(
  "analytics_daily_rollup",
  {
    day: date("day").notNull(),
    /**
     * 'all' (key ''), 'page' (path), 'hour' (0-23 in India), 'place' (JSON [country, region,
     * city]), 'referrer' (host; '' direct; '?' a referrer without a readable host), 'device'
     * (JSON [device, browser]).
     */
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    visits: integer("visits").notNull(),
    newVisits: integer("new_visits").notNull(),
    applyVisits: integer("apply_visits").notNull(),
    /** Sorted distinct analytics_visitor_ids.id; null for 'device', whose visitors are never counted. */
    visitors: integer("visitors").array(),
  },
  (t) => [primaryKey({ name: "analytics_daily_rollup_pkey", columns: [t.day, t.dimension, t.key] })],
);

/** The one row of visit counts by bot flag, kept by the triggers on visitor_analytics. */
export const analyticsRecordCounts = pgTable(
  "analytics_record_counts",
  {
    onlyRow: boolean("only_row").primaryKey().default(true),
    bots: bigint("bots", { mode: "number" }).notNull(),
    humans: bigint("humans", { mode: "number" }).notNull(),
    unprocessed: bigint("unprocessed", { mode: "number" }).notNull(),
  },
  () => [check("analytics_record_counts_only_row_check", sql`only_row`)],
);

/** A range of closed days summed once for some dimensions (drizzle/0008). */
export const analyticsRangeCache = pgTable(
  "analytics_range_cache",
  {
    id: serial("id").primaryKey(),
    closedFrom: date("closed_from").notNull(),
    closedTo: date("closed_to").notNull(),
    /** 'visitor' (repeat visitors' per-IP counts) or the rollup dimensions summed, sorted. */
    dimensions: text("dimensions").array().notNull(),
    /** The closed days when built: how many rows analytics_rollup_days had and their versions' sum. */
    dayCount: integer("day_count").notNull(),
    versionSum: numeric("version_sum").notNull(),
    builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("analytics_range_cache_closed_from_closed_to_dimensions_key").on(t.closedFrom, t.closedTo, t.dimensions)],
);

/** A range cache's rows, as the daily rollup's without the day. */
export const analyticsRangeCacheRows = pgTable(
  "analytics_range_cache_rows",
  {
    cacheId: integer("cache_id").notNull(),
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    visits: integer("visits").notNull(),
    newVisits: integer("new_visits").notNull(),
    applyVisits: integer("apply_visits").notNull(),
    /** Sorted distinct analytics_visitor_ids.id; null for 'device'. */
    visitors: integer("visitors").array(),
  },
  (t) => [
    primaryKey({ name: "analytics_range_cache_rows_pkey", columns: [t.cacheId, t.dimension, t.key] }),
    foreignKey({ name: "analytics_range_cache_rows_cache_id_fkey", columns: [t.cacheId], foreignColumns: [analyticsRangeCache.id] }).onDelete("cascade"),
  ],
);

/** A '{visitor}' range cache's visits per IP, for the repeat visitors. */
export const analyticsRangeCacheVisitors = pgTable(
  "analytics_range_cache_visitors",
  {
    cacheId: integer("cache_id").notNull(),
    visitorIp: text("visitor_ip").notNull(),
    visits: integer("visits").notNull(),
    firstTs: timestamp("first_ts", { withTimezone: true }).notNull(),
    lastTs: timestamp("last_ts", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "analytics_range_cache_visitors_pkey", columns: [t.cacheId, t.visitorIp] }),
    foreignKey({ name: "analytics_range_cache_visitors_cache_id_fkey", columns: [t.cacheId], foreignColumns: [analyticsRangeCache.id] }).onDelete("cascade"),
    index("analytics_range_cache_visitors_visits_idx").on(t.cacheId, t.visits.desc().nullsFirst()),
  ],
);

/** One row per ended IST hour whose visits changed (drizzle/0014), versioned as analytics_rollup_days. */
export const analyticsRollupHours = pgTable("analytics_rollup_hours", {
  /** The IST hour's first instant. */
  hour: timestamp("hour", { withTimezone: true }).primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  /** The version the hour's rows were built from; null: never built. */
  builtVersion: bigint("built_version", { mode: "number" }),
});

/** The hourly rollup of an ended IST hour, grouped as the live part of a range (drizzle/0014). */
export const analyticsHourlyRollup = pgTable(
  "analytics_hourly_rollup",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    /** As analytics_live_part: 'all', 'page', 'place', 'referrer', 'device' and 'ip' ('hour' is the hour's 'all' row). */
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    visits: integer("visits").notNull(),
    newVisits: integer("new_visits").notNull(),
    applyVisits: integer("apply_visits").notNull(),
    /** Sorted distinct analytics_visitor_ids.id; null for 'device' and 'ip'. */
    visitors: integer("visitors").array(),
    /** First and last visit, for 'ip' only. */
    firstTs: timestamp("first_ts", { withTimezone: true }),
    lastTs: timestamp("last_ts", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: "analytics_hourly_rollup_pkey", columns: [t.hour, t.dimension, t.key] }),
    // Repeat visitors (analytics_live_ip_parts): the IPs of many visits in an hour, and one IP's hours.
    index("analytics_hourly_rollup_visits_idx").on(t.hour, t.visits).where(sql`dimension = 'ip'`),
    index("analytics_hourly_rollup_ip_idx").on(t.key, t.hour).where(sql`dimension = 'ip'`),
  ],
);
