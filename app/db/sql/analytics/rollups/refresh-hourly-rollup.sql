-- From drizzle/0014_analytics_hourly_rollups.sql:
-- (Re)builds the rollup of the IST hour starting at h when it is missing or stale and ended at
-- least `lag` ago by the database's clock; returns whether it built. Same grouping as the live
-- part (the hour's row is stale while it builds, so analytics_live_parts reads it raw), after
-- giving each of its IPs a visitor id. The row lock on the hour orders it with the triggers, as
-- analytics_refresh_rollup (0005) does for days.
CREATE OR REPLACE FUNCTION analytics_refresh_hourly_rollup(h timestamptz, lag interval) RETURNS boolean
LANGUAGE plpgsql SET work_mem = '32MB' SET jit = off AS $$
DECLARE
  hour_row analytics_rollup_hours%ROWTYPE;
BEGIN
  IF h <> analytics_ist_hour_start(h) OR h + interval '1 hour' + lag > clock_timestamp() THEN
    RETURN false;
  END IF;
  INSERT INTO analytics_rollup_hours (hour) VALUES (h) ON CONFLICT (hour) DO NOTHING;
  SELECT * INTO hour_row FROM analytics_rollup_hours WHERE hour = h FOR UPDATE;
  IF hour_row.built_version IS NOT DISTINCT FROM hour_row.version THEN
    RETURN false;
  END IF;
  DELETE FROM analytics_hourly_rollup WHERE hour = h;
  INSERT INTO analytics_visitor_ids (visitor_ip)
  SELECT DISTINCT va.visitor_ip FROM visitor_analytics va
  WHERE va."timestamp" >= h AND va."timestamp" < h + interval '1 hour' AND va.is_bot IS NOT TRUE
  ORDER BY 1
  ON CONFLICT (visitor_ip) DO NOTHING;
  INSERT INTO analytics_hourly_rollup (hour, dimension, key, visits, new_visits, apply_visits, visitors, first_ts, last_ts)
  SELECT h, p.dimension, p.key, p.visits, p.new_visits, p.apply_visits, p.visitors, p.first_ts, p.last_ts
  FROM unnest(analytics_live_parts(ARRAY[h], ARRAY[h + interval '1 hour'], '{1}', '{all,page,place,referrer,device,ip}', '{1,1,1,1,1,1}')) p;
  UPDATE analytics_rollup_hours SET built_version = version WHERE hour = h;
  RETURN true;
END
$$;
