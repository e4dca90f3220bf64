-- From drizzle/0003_analytics_functions.sql:
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

-- From drizzle/0004_analytics_jit_off_and_faster_breakdown.sql
ALTER FUNCTION get_traffic_source_details(integer, integer, text[], timestamptz) SET jit = off;
