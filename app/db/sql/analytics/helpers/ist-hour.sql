-- From drizzle/0005_analytics_daily_rollups.sql
CREATE OR REPLACE FUNCTION analytics_ist_hour(at timestamptz) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (floor((date_part('epoch', at) + 19800) / 3600)::bigint % 24)::int
$$;
