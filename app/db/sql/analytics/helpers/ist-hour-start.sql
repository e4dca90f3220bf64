-- From drizzle/0014_analytics_hourly_rollups.sql:
-- The first instant of the IST hour holding `at` (IST hours start at half past the UTC hour).
CREATE OR REPLACE FUNCTION analytics_ist_hour_start(at timestamptz) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_timestamp(floor((date_part('epoch', at) + 19800) / 3600) * 3600 - 19800)
$$;
