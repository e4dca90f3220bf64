-- From drizzle/0014_analytics_hourly_rollups.sql:
-- 0008's, emptying the hourly rollups too.
CREATE OR REPLACE FUNCTION analytics_visits_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_record_counts SET bots = 0, humans = 0, unprocessed = 0;
  DELETE FROM analytics_daily_rollup;
  DELETE FROM analytics_rollup_days;
  DELETE FROM analytics_range_cache;
  DELETE FROM analytics_hourly_rollup;
  DELETE FROM analytics_rollup_hours;
  RETURN NULL;
END
$$;

-- From drizzle/0005_analytics_daily_rollups.sql
CREATE TRIGGER analytics_visits_truncated AFTER TRUNCATE ON visitor_analytics
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_truncated();
