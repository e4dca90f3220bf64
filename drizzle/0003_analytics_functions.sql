-- Visitor analytics procedures (SPEC §7; DESIGN.md §5), hand-written. Distinct visitors are
-- counted in two steps (group by IP, then count the groups), which hashes instead of sorting:
-- several times faster than count(DISTINCT …) on large ranges. They run on PostgreSQL 15
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
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(per_ip.n), 0)::int, count(*)::int, coalesce(sum(per_ip.apply), 0)::int
  FROM (
    SELECT va.visitor_ip, count(*) AS n, count(*) FILTER (WHERE va.is_apply_page) AS apply
    FROM visitor_analytics va
    WHERE va."timestamp" >= start_date AND va."timestamp" < end_date AND va.is_bot IS NOT TRUE
    GROUP BY va.visitor_ip
  ) per_ip
$$;
--> statement-breakpoint
-- One row per day in India that has visits in [start_date, end_date), oldest first.
CREATE OR REPLACE FUNCTION get_daily_visitor_data(start_date timestamptz, end_date timestamptz)
RETURNS TABLE (visit_date text, visitor_count integer, unique_visitors integer, new_visitors integer, apply_page_visits integer)
LANGUAGE sql STABLE AS $$
  SELECT per_ip.day, sum(per_ip.n)::int, count(*)::int, sum(per_ip.fresh)::int, sum(per_ip.apply)::int
  FROM (
    SELECT to_char(va."timestamp" AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day, va.visitor_ip, count(*) AS n,
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
LANGUAGE sql STABLE AS $$
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
LANGUAGE sql STABLE AS $$
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
LANGUAGE sql STABLE AS $$
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
