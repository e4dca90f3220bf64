-- From drizzle/0008_analytics_range_cache.sql:
-- The hour and day in India from analytics_ist_hour and analytics_ist_day (the body is otherwise 0004's).
CREATE OR REPLACE FUNCTION analytics_range_breakdown(start_date timestamptz, end_date timestamptz, location_limit integer DEFAULT 10, repeat_limit integer DEFAULT 50)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH base AS MATERIALIZED (
    SELECT va.visitor_ip, va."timestamp" AS ts,
           analytics_ist_hour(va."timestamp") AS hour,
           coalesce(va.country, 'Unknown') AS country, coalesce(va.region, '') AS region, coalesce(va.city, 'Unknown') AS city,
           coalesce(va.device_type, 'Unknown') AS device_type, coalesce(va.browser, 'Unknown') AS browser
    FROM visitor_analytics va
    WHERE va."timestamp" >= start_date AND va."timestamp" < end_date AND va.is_bot IS NOT TRUE
  ), hourly AS (
    SELECT hour, sum(n)::int AS visitor_count, count(*)::int AS unique_visitors
    FROM (SELECT hour, visitor_ip, count(*) AS n FROM base GROUP BY 1, 2) per_ip GROUP BY hour
  ), places AS (
    SELECT country, region, city, sum(n)::int AS visits, count(*)::int AS unique_visitors
    FROM (SELECT country, region, city, visitor_ip, count(*) AS n FROM base GROUP BY 1, 2, 3, 4) per_ip
    GROUP BY country, region, city
    ORDER BY visits DESC, country COLLATE "C", region COLLATE "C", city COLLATE "C" LIMIT location_limit
  ), device_browser AS MATERIALIZED (
    SELECT device_type, browser, count(*) AS n FROM base GROUP BY 1, 2
  ), devices AS (
    SELECT device_type AS name, sum(n)::int AS count FROM device_browser GROUP BY 1
  ), browsers AS (
    SELECT browser AS name, sum(n)::int AS count FROM device_browser GROUP BY 1
  ), grouped AS (
    SELECT visitor_ip, count(*)::int AS visits, min(ts) AS first_ts, max(ts) AS last_ts
    FROM base WHERE visitor_ip <> 'unavailable' GROUP BY visitor_ip HAVING count(*) > 1
    ORDER BY visits DESC, last_ts DESC, visitor_ip COLLATE "C" LIMIT repeat_limit
  ), repeat AS (
    SELECT g.visitor_ip AS ip, latest.country, latest.city, latest.browser, latest.device_type, g.visits, sessions.session_count, g.last_ts,
           to_char(g.first_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_visit,
           to_char(g.last_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_visit,
           analytics_ist_day(g.last_ts) - analytics_ist_day(g.first_ts) AS days_between_visits
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
  )
  SELECT json_build_object(
    'hourly', (SELECT coalesce(json_agg(h ORDER BY h.hour), '[]') FROM hourly h),
    'locations', (SELECT coalesce(json_agg(p ORDER BY p.visits DESC, p.country COLLATE "C", p.region COLLATE "C", p.city COLLATE "C"), '[]') FROM places p),
    'repeat', (SELECT coalesce(json_agg(json_build_object('ip', r.ip, 'country', r.country, 'city', r.city, 'browser', r.browser,
                 'device_type', r.device_type, 'visits', r.visits, 'session_count', r.session_count, 'first_visit', r.first_visit,
                 'last_visit', r.last_visit, 'days_between_visits', r.days_between_visits)
               ORDER BY r.visits DESC, r.last_ts DESC, r.ip COLLATE "C"), '[]') FROM repeat r),
    'devices', (SELECT coalesce(json_agg(d ORDER BY d.count DESC, d.name COLLATE "C"), '[]') FROM devices d),
    'browsers', (SELECT coalesce(json_agg(b ORDER BY b.count DESC, b.name COLLATE "C"), '[]') FROM browsers b)
  )
$$;
