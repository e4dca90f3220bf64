-- From drizzle/0008_analytics_range_cache.sql:
-- Repeat visitors of a range split like analytics_range_figures, ranked exactly as
-- analytics_repeat_visitors (0005) ranks the raw visits of [head_start, tail_end): the closed
-- days' per-IP counts come from their cache. Only IPs with visits in the live part, or with at
-- least as many closed visits as the repeat_limit-th IP of the closed part, can be in the top
-- repeat_limit, so only those are merged; sessions, place, browser and device are then looked
-- up for the chosen IPs only.
CREATE OR REPLACE FUNCTION analytics_repeat_visitors_split(
  closed_from date, closed_to date,
  head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz, repeat_limit integer DEFAULT 50)
RETURNS json
LANGUAGE plpgsql SET work_mem = '32MB' SET jit = off AS $$
DECLARE
  cache integer := analytics_range_cache_id(closed_from, closed_to, '{visitor}');
BEGIN
  RETURN analytics_repeat_visitors_from(cache, head_start, head_end, tail_start, tail_end, repeat_limit);
END
$$;
