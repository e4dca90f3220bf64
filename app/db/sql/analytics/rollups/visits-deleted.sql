-- From drizzle/0014_analytics_hourly_rollups.sql
CREATE OR REPLACE FUNCTION analytics_visits_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_record_counts c SET bots = c.bots - o.bots, humans = c.humans - o.humans, unprocessed = c.unprocessed - o.unprocessed
  FROM (SELECT count(*) FILTER (WHERE is_bot) AS bots, count(*) FILTER (WHERE is_bot = false) AS humans, count(*) FILTER (WHERE is_bot IS NULL) AS unprocessed
        FROM old_rows) o;
  PERFORM analytics_mark_days(ARRAY(SELECT analytics_ist_day("timestamp") FROM old_rows));
  PERFORM analytics_mark_hours(ARRAY(SELECT analytics_ist_hour_start("timestamp") FROM old_rows));
  RETURN NULL;
END
$$;

-- From drizzle/0005_analytics_daily_rollups.sql
CREATE TRIGGER analytics_visits_deleted AFTER DELETE ON visitor_analytics
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_deleted();
