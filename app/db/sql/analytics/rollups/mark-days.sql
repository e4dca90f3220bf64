-- From drizzle/0005_analytics_daily_rollups.sql:
-- Marks closed days whose visits a statement changed, so their rollups are rebuilt before use.
-- Today's visits (the ingest) never touch this table.
CREATE OR REPLACE FUNCTION analytics_mark_days(days date[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_rollup_days AS r (day, version)
  SELECT DISTINCT d, 1 FROM unnest(days) d WHERE d < analytics_ist_day(clock_timestamp())
  ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET version = r.version + 1
$$;
