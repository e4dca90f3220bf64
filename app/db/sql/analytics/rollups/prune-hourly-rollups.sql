-- From drizzle/0014_analytics_hourly_rollups.sql:
-- Drops the hourly rollups of hours before keep_from whose IST day is not in keep_days.
CREATE OR REPLACE FUNCTION analytics_prune_hourly_rollups(keep_from timestamptz, keep_days date[]) RETURNS integer
LANGUAGE sql AS $$
  WITH locked AS (
    -- in hour order, as the triggers and builders lock them
    SELECT hour FROM analytics_rollup_hours WHERE hour < keep_from AND analytics_ist_day(hour) <> ALL (keep_days) ORDER BY hour FOR UPDATE
  ), dropped AS (
    DELETE FROM analytics_rollup_hours WHERE hour IN (SELECT hour FROM locked) RETURNING hour
  ), rows AS (
    DELETE FROM analytics_hourly_rollup WHERE hour < keep_from AND analytics_ist_day(hour) <> ALL (keep_days)
  )
  SELECT count(*)::int FROM dropped
$$;
