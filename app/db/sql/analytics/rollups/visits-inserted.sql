-- From drizzle/0014_analytics_hourly_rollups.sql:
-- 0005's trigger functions, now marking hours as well as days.
CREATE OR REPLACE FUNCTION analytics_visits_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_record_counts c SET bots = c.bots + n.bots, humans = c.humans + n.humans, unprocessed = c.unprocessed + n.unprocessed
  FROM (SELECT count(*) FILTER (WHERE is_bot) AS bots, count(*) FILTER (WHERE is_bot = false) AS humans, count(*) FILTER (WHERE is_bot IS NULL) AS unprocessed
        FROM new_rows) n;
  PERFORM analytics_mark_days(ARRAY(SELECT analytics_ist_day("timestamp") FROM new_rows));
  PERFORM analytics_mark_hours(ARRAY(SELECT analytics_ist_hour_start("timestamp") FROM new_rows));
  RETURN NULL;
END
$$;

-- From drizzle/0005_analytics_daily_rollups.sql
CREATE TRIGGER analytics_visits_inserted AFTER INSERT ON visitor_analytics
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_inserted();
