-- From drizzle/0008_analytics_range_cache.sql:
-- The figures of a range made of closed days [closed_from, closed_to) and the instants
-- [head_start, head_end) and [tail_start, tail_end) around them: the closed days from their
-- cache (built first when needed), the rest from visitor_analytics. Same arguments, numbers,
-- orders and ties as in 0005 (a property test compares them with the raw-visit procedures).
CREATE OR REPLACE FUNCTION analytics_range_figures(
  closed_from date, closed_to date,
  head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz,
  internal_hosts text[] DEFAULT '{}', dimensions text[] DEFAULT '{all,page,hour,place,referrer,device}',
  location_limit integer DEFAULT 10, source_limit integer DEFAULT 25)
RETURNS json
LANGUAGE plpgsql SET work_mem = '32MB' SET jit = off AS $$
DECLARE
  cache integer := analytics_range_cache_id(closed_from, closed_to, dimensions);
BEGIN
  RETURN analytics_range_figures_from(cache, closed_from, closed_to, head_start, head_end, tail_start, tail_end,
                                      internal_hosts, dimensions, location_limit, source_limit);
END
$$;
