-- From drizzle/0014_analytics_hourly_rollups.sql:
-- Builds the missing or stale hourly rollups of the whole IST hours in the windows [starts[i],
-- ends[i]) that ended by `until` (and `lag` before the database's clock), in hour order; returns
-- how many it built.
CREATE OR REPLACE FUNCTION analytics_refresh_hourly_rollups(starts timestamptz[], ends timestamptz[], until timestamptz, lag interval) RETURNS integer
LANGUAGE sql AS $$
  SELECT count(*) FILTER (WHERE analytics_refresh_hourly_rollup(h, lag))::int
  FROM (
    SELECT DISTINCT h
    FROM unnest(starts, ends) AS w(s, e)
    CROSS JOIN LATERAL generate_series(analytics_ist_hour_start(w.s - interval '1 microsecond') + interval '1 hour', least(w.e, until) - interval '1 hour', interval '1 hour') h
    LEFT JOIN analytics_rollup_hours r ON r.hour = h
    WHERE r.hour IS NULL OR r.built_version IS DISTINCT FROM r.version
    ORDER BY h
  ) stale
$$;
