-- From drizzle/0014_analytics_hourly_rollups.sql:
-- 0012's, with the IPs from analytics_live_ip_parts.
CREATE OR REPLACE FUNCTION analytics_repeat_visitors_from(
  cache integer, head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz, repeat_limit integer)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  SELECT analytics_repeat_visitors_of(cache,
    analytics_live_ip_parts(cache, ARRAY[head_start, tail_start], ARRAY[head_end, tail_end], repeat_limit),
    least(head_start, tail_start), greatest(head_end, tail_end), repeat_limit)
$$;
