-- From drizzle/0008_analytics_range_cache.sql:
-- The day in India from analytics_ist_day, as everywhere else (the body is otherwise 0003's).
CREATE OR REPLACE FUNCTION get_daily_visitor_data(start_date timestamptz, end_date timestamptz)
RETURNS TABLE (visit_date text, visitor_count integer, unique_visitors integer, new_visitors integer, apply_page_visits integer)
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  SELECT to_char(per_ip.day, 'YYYY-MM-DD'), sum(per_ip.n)::int, count(*)::int, sum(per_ip.fresh)::int, sum(per_ip.apply)::int
  FROM (
    SELECT analytics_ist_day(va."timestamp") AS day, va.visitor_ip, count(*) AS n,
           count(*) FILTER (WHERE va.is_new_visitor) AS fresh, count(*) FILTER (WHERE va.is_apply_page) AS apply
    FROM visitor_analytics va
    WHERE va."timestamp" >= start_date AND va."timestamp" < end_date AND va.is_bot IS NOT TRUE
    GROUP BY 1, 2
  ) per_ip
  GROUP BY per_ip.day
  ORDER BY per_ip.day
$$;
