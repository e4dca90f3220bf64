-- From drizzle/0005_analytics_daily_rollups.sql:
-- The day and hour in India (UTC+05:30 since 1945) by epoch arithmetic, as in 0003.
CREATE OR REPLACE FUNCTION analytics_ist_day(at timestamptz) RETURNS date
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT date '1970-01-01' + floor((date_part('epoch', at) + 19800) / 86400)::int
$$;
