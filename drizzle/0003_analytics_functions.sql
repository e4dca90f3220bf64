-- Visitor analytics procedures (SPEC §7; DESIGN.md §5), hand-written. Distinct visitors are
-- counted in two steps (group by IP, then count the groups), which hashes instead of sorting:
-- several times faster than count(DISTINCT …) on large ranges. Each function raises work_mem to
-- 32 MB for its own run, so those hash tables stay in memory at a million rows (the default
-- 4 MB spills to disk and was 3-4 times slower). They run on PostgreSQL 15
-- and on PGlite. Every figure leaves out bots (is_bot true) and counts days and hours in
-- Asia/Kolkata. Counts are cast to integer so both drivers return numbers. Each procedure
-- except get_daily_visitor_data has a TypeScript twin (app/features/analytics/reference.ts)
-- that is the fallback and the oracle of the property tests: change both together.
--
-- The regular expressions below are copied from app/features/analytics/referrer.ts (a unit test
-- checks that they are identical).

-- One expression (no FROM), so the planner inlines it.
CREATE OR REPLACE FUNCTION analytics_referrer_host(referrer text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    translate(
      substring(referrer FROM '^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:@]+)'),
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
    '^www\.', '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_referrer_category(referrer text, internal_hosts text[] DEFAULT '{}') RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN coalesce(referrer, '') = '' THEN 'Direct'
    WHEN h IS NULL THEN 'Other Websites'
    WHEN h ~ '^(localhost|.*\.localhost|.*\.local|127\.[0-9.]+|0\.0\.0\.0|\[::1\]|10\.[0-9.]+|192\.168\.[0-9.]+|172\.(1[6-9]|2[0-9]|3[01])\.[0-9.]+)$' THEN 'Development'
    WHEN h = ANY (internal_hosts) THEN 'Internal'
    WHEN h ~ '^(.*\.)?(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|ask|aol|naver|qwant|startpage|sogou)(\.[a-z]{2,3}){1,2}$|^search\.brave\.com$' THEN 'Search Engines'
    WHEN h ~ '^(.*\.)?(facebook\.com|fb\.com|fb\.me|instagram\.com|twitter\.com|x\.com|t\.co|linkedin\.com|lnkd\.in|youtube\.com|youtu\.be|whatsapp\.com|wa\.me|pinterest\.com|reddit\.com|telegram\.org|t\.me|quora\.com|snapchat\.com|threads\.net|tiktok\.com)$' THEN 'Social Media'
    ELSE 'Other Websites'
  END
  FROM (SELECT analytics_referrer_host(referrer) AS h) parsed
$$;
--> statement-breakpoint
-- Visits in [start_date, end_date): total, distinct visitor IPs, visits to /apply.
CREATE OR REPLACE FUNCTION get_analytics_counts(start_date timestamptz, end_date timestamptz)
RETURNS TABLE (total_visits integer, unique_visitors integer, apply_page_visits integer)
LANGUAGE sql STABLE SET work_mem = '32MB' AS $$
  SELECT coalesce(sum(per_ip.n), 0)::int, count(*)::int, coalesce(sum(per_ip.apply), 0)::int
  FROM (
    SELECT va.visitor_ip, count(*) AS n, count(*) FILTER (WHERE va.is_apply_page) AS apply
    FROM visitor_analytics va
    WHERE va."timestamp" >= start_date AND va."timestamp" < end_date AND va.is_bot IS NOT TRUE
    GROUP BY va.visitor_ip
  ) per_ip
$$;
--> statement-breakpoint
-- One row per day in India that has visits in [start_date, end_date), oldest first. India has
-- kept UTC+05:30 (19,800 s) since 1945, so the day is plain arithmetic on the epoch: the same
-- days as AT TIME ZONE 'Asia/Kolkata', without a time zone conversion per row.
CREATE OR REPLACE FUNCTION get_daily_visitor_data(start_date timestamptz, end_date timestamptz)
RETURNS TABLE (visit_date text, visitor_count integer, unique_visitors integer, new_visitors integer, apply_page_visits integer)
LANGUAGE sql STABLE SET work_mem = '32MB' AS $$
  SELECT to_char(date '1970-01-01' + per_ip.day, 'YYYY-MM-DD'), sum(per_ip.n)::int, count(*)::int, sum(per_ip.fresh)::int, sum(per_ip.apply)::int
  FROM (
    SELECT floor((date_part('epoch', va."timestamp") + 19800) / 86400)::int AS day, va.visitor_ip, count(*) AS n,
           count(*) FILTER (WHERE va.is_new_visitor) AS fresh, count(*) FILTER (WHERE va.is_apply_page) AS apply
    FROM visitor_analytics va
    WHERE va."timestamp" >= start_date AND va."timestamp" < end_date AND va.is_bot IS NOT TRUE
    GROUP BY 1, 2
  ) per_ip
  GROUP BY per_ip.day
  ORDER BY per_ip.day
$$;
--> statement-breakpoint
-- Visits per page in [start_date, end_date), most visited first (ties by path, byte order).
CREATE OR REPLACE FUNCTION get_page_popularity_data(start_date timestamptz, end_date timestamptz)
RETURNS TABLE (page_visited text, visit_count integer, unique_visitors integer)
LANGUAGE sql STABLE SET work_mem = '32MB' AS $$
  SELECT per_ip.page_visited, sum(per_ip.n)::int AS visits, count(*)::int
  FROM (
    SELECT va.page_visited, va.visitor_ip, count(*) AS n
    FROM visitor_analytics va
    WHERE va."timestamp" >= start_date AND va."timestamp" < end_date AND va.is_bot IS NOT TRUE
    GROUP BY 1, 2
  ) per_ip
  GROUP BY per_ip.page_visited
  ORDER BY visits DESC, per_ip.page_visited COLLATE "C"
$$;
--> statement-breakpoint
-- The six SPEC §9 categories (always all six, in this order) for visits since as_of - days_back.
-- Each distinct referrer is classified once (regular expressions are slow per row), then joined
-- back to the visits, so distinct visitors stay exact per category.
CREATE OR REPLACE FUNCTION get_traffic_source_categories(days_back integer, internal_hosts text[] DEFAULT '{}', as_of timestamptz DEFAULT now())
RETURNS TABLE (category text, visit_count integer, unique_visitors integer)
LANGUAGE sql STABLE SET work_mem = '32MB' AS $$
  WITH categories (name, ord) AS (
    VALUES ('Direct', 1), ('Search Engines', 2), ('Social Media', 3), ('Internal', 4), ('Other Websites', 5), ('Development', 6)
  ), visits AS MATERIALIZED (
    SELECT coalesce(va.referrer, '') AS ref, va.visitor_ip, count(*) AS n
    FROM visitor_analytics va
    WHERE va."timestamp" >= as_of - make_interval(days => days_back) AND va.is_bot IS NOT TRUE
    GROUP BY 1, 2
  ), refs AS MATERIALIZED (
    SELECT d.ref, analytics_referrer_category(d.ref, internal_hosts) AS cat FROM (SELECT DISTINCT ref FROM visits) d
  ), per_ip AS (
    SELECT r.cat, v.visitor_ip, sum(v.n) AS n FROM visits v JOIN refs r ON r.ref = v.ref GROUP BY 1, 2
  )
  SELECT c.name, coalesce(sum(p.n), 0)::int, count(p.visitor_ip)::int
  FROM categories c LEFT JOIN per_ip p ON p.cat = c.name
  GROUP BY c.name, c.ord
  ORDER BY c.ord
$$;
--> statement-breakpoint
-- Referring sites (host, or 'Unknown Source') for visits since as_of - days_back, direct visits
-- left out, most visits first (ties by source, then category, byte order), at most limit_results.
-- Like the categories, each distinct referrer is read once.
CREATE OR REPLACE FUNCTION get_traffic_source_details(days_back integer, limit_results integer DEFAULT 25, internal_hosts text[] DEFAULT '{}', as_of timestamptz DEFAULT now())
RETURNS TABLE (source text, category text, visit_count integer, unique_visitors integer)
LANGUAGE sql STABLE SET work_mem = '32MB' AS $$
  WITH visits AS MATERIALIZED (
    SELECT va.referrer AS ref, va.visitor_ip, count(*) AS n
    FROM visitor_analytics va
    WHERE va."timestamp" >= as_of - make_interval(days => days_back) AND va.is_bot IS NOT TRUE
      AND coalesce(va.referrer, '') <> ''
    GROUP BY 1, 2
  ), refs AS MATERIALIZED (
    SELECT d.ref, coalesce(analytics_referrer_host(d.ref), 'Unknown Source') AS src, analytics_referrer_category(d.ref, internal_hosts) AS cat
    FROM (SELECT DISTINCT ref FROM visits) d
  ), per_ip AS (
    SELECT r.src, r.cat, v.visitor_ip, sum(v.n) AS n FROM visits v JOIN refs r ON r.ref = v.ref GROUP BY 1, 2, 3
  )
  SELECT p.src, p.cat, sum(p.n)::int AS visits, count(*)::int
  FROM per_ip p
  GROUP BY p.src, p.cat
  ORDER BY visits DESC, p.src COLLATE "C", p.cat COLLATE "C"
  LIMIT limit_results
$$;
--> statement-breakpoint
-- Hours, places, repeat visitors, devices and browsers of [start_date, end_date) for the
-- Analytics result, as one JSON object: the range is read once and each figure grouped from it.
-- Hours in India by epoch arithmetic (UTC+05:30 since 1945). Orders: most first, ties in byte
-- order; repeat visitors are IPs with more than one visit (not 'unavailable'), with the place,
-- browser and device of their latest visit.
CREATE OR REPLACE FUNCTION analytics_range_breakdown(start_date timestamptz, end_date timestamptz, location_limit integer DEFAULT 10, repeat_limit integer DEFAULT 50)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' AS $$
  WITH base AS MATERIALIZED (
    SELECT va.visitor_ip, va.session_id, va."timestamp" AS ts,
           (floor((date_part('epoch', va."timestamp") + 19800) / 3600)::bigint % 24)::int AS hour,
           coalesce(va.country, 'Unknown') AS country, coalesce(va.region, '') AS region, coalesce(va.city, 'Unknown') AS city,
           coalesce(va.device_type, 'Unknown') AS device_type, coalesce(va.browser, 'Unknown') AS browser
    FROM visitor_analytics va
    WHERE va."timestamp" >= start_date AND va."timestamp" < end_date AND va.is_bot IS NOT TRUE
  ), hourly AS (
    SELECT hour, sum(n)::int AS visitor_count, count(*)::int AS unique_visitors
    FROM (SELECT hour, visitor_ip, count(*) AS n FROM base GROUP BY 1, 2) per_ip GROUP BY hour
  ), places AS (
    SELECT country, region, city, sum(n)::int AS visits, count(*)::int AS unique_visitors
    FROM (SELECT country, region, city, visitor_ip, count(*) AS n FROM base GROUP BY 1, 2, 3, 4) per_ip
    GROUP BY country, region, city
    ORDER BY visits DESC, country COLLATE "C", region COLLATE "C", city COLLATE "C" LIMIT location_limit
  ), devices AS (
    SELECT device_type AS name, count(*)::int AS count FROM base GROUP BY 1
  ), browsers AS (
    SELECT browser AS name, count(*)::int AS count FROM base GROUP BY 1
  ), per_session AS (
    SELECT visitor_ip, session_id, count(*) AS n, min(ts) AS first_ts, max(ts) AS last_ts
    FROM base WHERE visitor_ip <> 'unavailable' GROUP BY 1, 2
  ), grouped AS (
    SELECT visitor_ip, sum(n)::int AS visits, count(*)::int AS session_count, min(first_ts) AS first_ts, max(last_ts) AS last_ts
    FROM per_session GROUP BY visitor_ip HAVING sum(n) > 1
    ORDER BY visits DESC, last_ts DESC, visitor_ip COLLATE "C" LIMIT repeat_limit
  ), repeat AS (
    SELECT g.visitor_ip AS ip, latest.country, latest.city, latest.browser, latest.device_type, g.visits, g.session_count, g.last_ts,
           to_char(g.first_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_visit,
           to_char(g.last_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_visit,
           ((g.last_ts AT TIME ZONE 'Asia/Kolkata')::date - (g.first_ts AT TIME ZONE 'Asia/Kolkata')::date)::int AS days_between_visits
    FROM grouped g
    CROSS JOIN LATERAL (
      SELECT v.country, v.city, v.browser, v.device_type FROM visitor_analytics v
      WHERE v.visitor_ip = g.visitor_ip AND v."timestamp" = g.last_ts AND v.is_bot IS NOT TRUE
      ORDER BY v.id DESC LIMIT 1
    ) latest
  )
  SELECT json_build_object(
    'hourly', (SELECT coalesce(json_agg(h ORDER BY h.hour), '[]') FROM hourly h),
    'locations', (SELECT coalesce(json_agg(p ORDER BY p.visits DESC, p.country COLLATE "C", p.region COLLATE "C", p.city COLLATE "C"), '[]') FROM places p),
    'repeat', (SELECT coalesce(json_agg(json_build_object('ip', r.ip, 'country', r.country, 'city', r.city, 'browser', r.browser,
                 'device_type', r.device_type, 'visits', r.visits, 'session_count', r.session_count, 'first_visit', r.first_visit,
                 'last_visit', r.last_visit, 'days_between_visits', r.days_between_visits)
               ORDER BY r.visits DESC, r.last_ts DESC, r.ip COLLATE "C"), '[]') FROM repeat r),
    'devices', (SELECT coalesce(json_agg(d ORDER BY d.count DESC, d.name COLLATE "C"), '[]') FROM devices d),
    'browsers', (SELECT coalesce(json_agg(b ORDER BY b.count DESC, b.name COLLATE "C"), '[]') FROM browsers b)
  )
$$;
