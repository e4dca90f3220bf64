-- From drizzle/0005_analytics_daily_rollups.sql:
-- Repeat visitors of [start_date, end_date) from the raw visits, as analytics_range_breakdown
-- (0004) ranks them: IPs with more than one visit (not 'unavailable'), most visits first, then the
-- latest, then the IP in byte order; sessions, place, browser and device looked up for the chosen.
CREATE OR REPLACE FUNCTION analytics_repeat_visitors(start_date timestamptz, end_date timestamptz, repeat_limit integer DEFAULT 50)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH grouped AS (
    SELECT va.visitor_ip, count(*)::int AS visits, min(va."timestamp") AS first_ts, max(va."timestamp") AS last_ts
    FROM visitor_analytics va
    WHERE va."timestamp" >= start_date AND va."timestamp" < end_date AND va.is_bot IS NOT TRUE AND va.visitor_ip <> 'unavailable'
    GROUP BY va.visitor_ip HAVING count(*) > 1
    ORDER BY visits DESC, last_ts DESC, va.visitor_ip COLLATE "C" LIMIT repeat_limit
  )
  SELECT coalesce(json_agg(json_build_object('ip', g.visitor_ip, 'country', latest.country, 'city', latest.city, 'browser', latest.browser,
           'device_type', latest.device_type, 'visits', g.visits, 'session_count', sessions.session_count,
           'first_visit', to_char(g.first_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'last_visit', to_char(g.last_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'days_between_visits', analytics_ist_day(g.last_ts) - analytics_ist_day(g.first_ts))
         ORDER BY g.visits DESC, g.last_ts DESC, g.visitor_ip COLLATE "C"), '[]')
  FROM grouped g
  CROSS JOIN LATERAL (
    SELECT count(DISTINCT v.session_id)::int AS session_count FROM visitor_analytics v
    WHERE v.visitor_ip = g.visitor_ip AND v."timestamp" >= start_date AND v."timestamp" < end_date AND v.is_bot IS NOT TRUE
  ) sessions
  CROSS JOIN LATERAL (
    SELECT v.country, v.city, v.browser, v.device_type FROM visitor_analytics v
    WHERE v.visitor_ip = g.visitor_ip AND v."timestamp" = g.last_ts AND v.is_bot IS NOT TRUE
    ORDER BY v.id DESC LIMIT 1
  ) latest
$$;
