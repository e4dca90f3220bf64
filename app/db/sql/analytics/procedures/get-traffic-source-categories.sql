-- From drizzle/0003_analytics_functions.sql:
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

-- From drizzle/0004_analytics_jit_off_and_faster_breakdown.sql
ALTER FUNCTION get_traffic_source_categories(integer, text[], timestamptz) SET jit = off;
