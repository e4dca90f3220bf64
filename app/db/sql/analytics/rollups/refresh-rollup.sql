-- From drizzle/0005_analytics_daily_rollups.sql:
-- (Re)builds the rollup of day d from its visits when it is missing or stale; returns whether it
-- built. The row lock on the day orders it with the triggers: a statement changing the day's
-- visits either commits before the build reads them or bumps the version after it.
CREATE OR REPLACE FUNCTION analytics_refresh_rollup(d date) RETURNS boolean
LANGUAGE plpgsql SET work_mem = '32MB' SET jit = off AS $$
DECLARE
  day_row analytics_rollup_days%ROWTYPE;
  day_start timestamptz := (d::timestamp - interval '5 hours 30 minutes') AT TIME ZONE 'UTC';
BEGIN
  INSERT INTO analytics_rollup_days (day) VALUES (d) ON CONFLICT (day) DO NOTHING;
  SELECT * INTO day_row FROM analytics_rollup_days WHERE day = d FOR UPDATE;
  IF day_row.built_version IS NOT DISTINCT FROM day_row.version THEN
    RETURN false;
  END IF;
  DELETE FROM analytics_daily_rollup WHERE day = d;
  INSERT INTO analytics_visitor_ids (visitor_ip)
  SELECT DISTINCT va.visitor_ip FROM visitor_analytics va
  WHERE va."timestamp" >= day_start AND va."timestamp" < day_start + interval '1 day' AND va.is_bot IS NOT TRUE
  ORDER BY 1
  ON CONFLICT (visitor_ip) DO NOTHING;
  INSERT INTO analytics_daily_rollup (day, dimension, key, visits, new_visits, apply_visits, visitors)
  WITH visits AS MATERIALIZED (
    SELECT va.*, (SELECT ids.id FROM analytics_visitor_ids ids WHERE ids.visitor_ip = va.visitor_ip) AS visitor
    FROM visitor_analytics va
    WHERE va."timestamp" >= day_start AND va."timestamp" < day_start + interval '1 day' AND va.is_bot IS NOT TRUE
  ), referrers AS MATERIALIZED (
    SELECT r.ref, analytics_referrer_key(r.ref) AS key FROM (SELECT DISTINCT coalesce(referrer, '') AS ref FROM visits) r
  )
  SELECT d, k.dimension, k.key, count(*), count(*) FILTER (WHERE v.is_new_visitor), count(*) FILTER (WHERE v.is_apply_page),
         CASE WHEN k.dimension = 'device' THEN NULL ELSE intarray.uniq(intarray.sort(array_agg(v.visitor))) END
  FROM visits v
  JOIN referrers r ON r.ref = coalesce(v.referrer, '')
  CROSS JOIN LATERAL analytics_rollup_keys(v.page_visited, v."timestamp", v.country, v.region, v.city, r.key, v.device_type, v.browser) k
  GROUP BY k.dimension, k.key;
  UPDATE analytics_rollup_days SET built_version = version WHERE day = d;
  RETURN true;
END
$$;
