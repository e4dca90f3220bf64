-- From drizzle/0014_analytics_hourly_rollups.sql:
-- Marks the ended hours among `hours` (their first instants) as changed.
CREATE OR REPLACE FUNCTION analytics_mark_hours(hours timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_rollup_hours AS r (hour, version)
  SELECT DISTINCT h, 1 FROM unnest(hours) h WHERE h < analytics_ist_hour_start(clock_timestamp())
  ORDER BY 1
  ON CONFLICT (hour) DO UPDATE SET version = r.version + 1
$$;
