-- From drizzle/0014_analytics_hourly_rollups.sql:
-- The disjoint windows [starts[i], ends[i]) (tagged masks[i]) split into their whole hours whose
-- rollup is current (hour set; s and e null) and the rest, to be read raw (s and e set).
CREATE OR REPLACE FUNCTION analytics_live_windows(starts timestamptz[], ends timestamptz[], masks integer[])
RETURNS TABLE (scopes integer, hour timestamptz, s timestamptz, e timestamptz)
LANGUAGE sql STABLE AS $$
  WITH windows AS MATERIALIZED (
    SELECT w.i, w.s, w.e, w.scopes FROM unnest(starts, ends, masks) WITH ORDINALITY AS w(s, e, scopes, i) WHERE w.s < w.e
  ), rolled AS MATERIALIZED (
    SELECT w.i, w.scopes, r.hour FROM windows w
    JOIN analytics_rollup_hours r ON r.hour >= w.s AND r.hour <= w.e - interval '1 hour' AND r.built_version = r.version
  ), cuts AS (
    SELECT i, s AS at FROM windows UNION SELECT i, e FROM windows UNION SELECT i, hour FROM rolled UNION SELECT i, hour + interval '1 hour' FROM rolled
  )
  SELECT r.scopes, r.hour, NULL::timestamptz, NULL::timestamptz FROM rolled r
  UNION ALL
  -- the rest of each window, between its rolled hours
  SELECT w.scopes, NULL, c.s, c.e
  FROM (SELECT i, at AS s, lead(at) OVER (PARTITION BY i ORDER BY at) AS e FROM cuts) c JOIN windows w ON w.i = c.i
  WHERE c.e IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rolled r WHERE r.i = c.i AND r.hour = c.s)
$$;
