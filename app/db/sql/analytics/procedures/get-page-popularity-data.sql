-- From drizzle/0003_analytics_functions.sql:
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

-- From drizzle/0004_analytics_jit_off_and_faster_breakdown.sql
ALTER FUNCTION get_page_popularity_data(timestamptz, timestamptz) SET jit = off;
