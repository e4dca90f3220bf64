-- From drizzle/0003_analytics_functions.sql:
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

-- From drizzle/0004_analytics_jit_off_and_faster_breakdown.sql:
-- PostgreSQL 15 compiles a query with LLVM when its estimated cost passes jit_above_cost; over
-- a million visits the analytics functions pass it, and compiling their short aggregates took
-- longer than running them. Each function now turns JIT off for its own run (PGlite has no JIT:
-- the setting is accepted and changes nothing).
ALTER FUNCTION get_analytics_counts(timestamptz, timestamptz) SET jit = off;
