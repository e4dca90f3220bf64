-- From drizzle/0012_analytics_one_live_pass.sql:
-- 0008's arguments and results, bodies from the functions above.
CREATE OR REPLACE FUNCTION analytics_range_figures_from(
  cache integer, closed_from date, closed_to date,
  head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz,
  internal_hosts text[], dimensions text[], location_limit integer, source_limit integer)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  SELECT analytics_figures_of(cache, closed_from, closed_to,
    analytics_live_parts(ARRAY[head_start, tail_start], ARRAY[head_end, tail_end], '{1,1}', dimensions, array_fill(1, ARRAY[cardinality(dimensions)])),
    internal_hosts, dimensions, location_limit, source_limit)
$$;
