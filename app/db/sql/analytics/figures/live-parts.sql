-- From drizzle/0014_analytics_hourly_rollups.sql:
-- The live parts of the visits (bots left out) in the disjoint windows [starts[i], ends[i]), each
-- visit tagged with masks[i], as in 0012: one row per (mask, day, dimension, key), and per (mask,
-- IP) for 'ip'. The whole IST hours of a window whose hourly rollup is current come from
-- analytics_hourly_rollup; the rest of the window is read raw.
CREATE OR REPLACE FUNCTION analytics_live_parts(starts timestamptz[], ends timestamptz[], masks integer[], dimensions text[], dim_masks integer[])
RETURNS analytics_live_part[]
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH wanted AS (
    SELECT coalesce(bit_or(m) FILTER (WHERE d = 'all'), 0) AS all_m, coalesce(bit_or(m) FILTER (WHERE d = 'page'), 0) AS page_m,
           coalesce(bit_or(m) FILTER (WHERE d = 'hour'), 0) AS hour_m, coalesce(bit_or(m) FILTER (WHERE d = 'place'), 0) AS place_m,
           coalesce(bit_or(m) FILTER (WHERE d = 'referrer'), 0) AS referrer_m, coalesce(bit_or(m) FILTER (WHERE d = 'device'), 0) AS device_m,
           coalesce(bit_or(m) FILTER (WHERE d = 'ip'), 0) AS ip_m
    FROM unnest(dimensions, dim_masks) AS x(d, m)
  ), split AS MATERIALIZED (
    SELECT * FROM analytics_live_windows(starts, ends, masks)
  ), rolled AS (
    SELECT scopes, hour FROM split WHERE hour IS NOT NULL
  ), raw_windows AS (
    SELECT scopes, s, e FROM split WHERE hour IS NULL
  ), live_visits AS MATERIALIZED (
    -- one range scan of the timestamp index per raw window
    SELECT w.scopes, va.visitor_ip, va.page_visited, va."timestamp", va.country, va.region, va.city, coalesce(va.referrer, '') AS ref,
           va.device_type, va.browser, va.is_new_visitor, va.is_apply_page
    FROM raw_windows w
    CROSS JOIN LATERAL (
      SELECT v.* FROM visitor_analytics v WHERE v."timestamp" >= w.s AND v."timestamp" < w.e AND v.is_bot IS NOT TRUE
    ) va
  ), live_ips AS MATERIALIZED (
    -- each IP's rollup id, looked up by key (the planner, expecting a third of the table in the
    -- raw windows, hashed the whole id table for a few hundred IPs: 600 ms on PGlite at 3 M);
    -- IPs without one yet get negative ids of their own for this query
    SELECT d.visitor_ip, coalesce((SELECT ids.id FROM analytics_visitor_ids ids WHERE ids.visitor_ip = d.visitor_ip), -row_number() OVER ()) AS visitor
    FROM (SELECT DISTINCT visitor_ip FROM live_visits, wanted WHERE scopes & (all_m | page_m | hour_m | place_m | referrer_m) <> 0) d
  ), live_referrers AS MATERIALIZED (
    SELECT r.ref, analytics_referrer_key(r.ref) AS key FROM (SELECT DISTINCT ref FROM live_visits, wanted WHERE scopes & referrer_m <> 0) r
  ), live AS MATERIALIZED (
    SELECT v.scopes, analytics_ist_day(v."timestamp") AS day, i.visitor::int AS visitor, v.page_visited, analytics_ist_hour(v."timestamp") AS hour,
           coalesce(v.country, 'Unknown') AS country, coalesce(v.region, '') AS region, coalesce(v.city, 'Unknown') AS city,
           r.key AS referrer_key, coalesce(v.device_type, 'Unknown') AS device_type, coalesce(v.browser, 'Unknown') AS browser,
           v.is_new_visitor, v.is_apply_page
    FROM live_visits v CROSS JOIN wanted
    LEFT JOIN live_ips i ON i.visitor_ip = v.visitor_ip
    LEFT JOIN live_referrers r ON r.ref = v.ref
    WHERE v.scopes & (all_m | page_m | hour_m | place_m | referrer_m | device_m) <> 0
  ), raw_parts AS (
    -- 0012's groupings of the raw visits
    SELECT scopes, day, 'all' AS dimension, '' AS key, count(*)::int AS visits, (count(*) FILTER (WHERE is_new_visitor))::int AS new_visits,
           (count(*) FILTER (WHERE is_apply_page))::int AS apply_visits, intarray.uniq(intarray.sort(array_agg(visitor))) AS visitors,
           NULL::timestamptz AS first_ts, NULL::timestamptz AS last_ts
    FROM live, wanted WHERE scopes & all_m <> 0 GROUP BY scopes, day
    UNION ALL
    SELECT scopes, day, 'page', page_visited, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, intarray.uniq(intarray.sort(array_agg(visitor))), NULL, NULL
    FROM live, wanted WHERE scopes & page_m <> 0 GROUP BY scopes, day, page_visited
    UNION ALL
    SELECT scopes, day, 'hour', hour::text, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, intarray.uniq(intarray.sort(array_agg(visitor))), NULL, NULL
    FROM live, wanted WHERE scopes & hour_m <> 0 GROUP BY scopes, day, hour
    UNION ALL
    SELECT scopes, day, 'place', json_build_array(country, region, city)::text, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, intarray.uniq(intarray.sort(array_agg(visitor))), NULL, NULL
    FROM live, wanted WHERE scopes & place_m <> 0 GROUP BY scopes, day, country, region, city
    UNION ALL
    SELECT scopes, day, 'referrer', referrer_key, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, intarray.uniq(intarray.sort(array_agg(visitor))), NULL, NULL
    FROM live, wanted WHERE scopes & referrer_m <> 0 GROUP BY scopes, day, referrer_key
    UNION ALL
    SELECT scopes, day, 'device', json_build_array(device_type, browser)::text, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, NULL::integer[], NULL, NULL
    FROM live, wanted WHERE scopes & device_m <> 0 GROUP BY scopes, day, device_type, browser
    UNION ALL
    SELECT scopes, NULL, 'ip', visitor_ip, count(*)::int, 0, 0, NULL, min("timestamp"), max("timestamp")
    FROM live_visits, wanted WHERE scopes & ip_m <> 0 AND visitor_ip <> 'unavailable' GROUP BY scopes, visitor_ip
  ), hourly_parts AS (
    -- the rolled hours' rows for the dimensions their windows' masks ask for; 'hour' is an hour's 'all' row
    -- (the dimensions in the index condition: an hour holds ~30 times more IP rows than key rows)
    SELECT r.scopes, CASE WHEN h.dimension = 'ip' THEN NULL ELSE analytics_ist_day(h.hour) END AS day, h.dimension, h.key,
           h.visits, h.new_visits, h.apply_visits, h.visitors, h.first_ts, h.last_ts
    FROM rolled r CROSS JOIN wanted w
    JOIN analytics_hourly_rollup h ON h.hour = r.hour AND h.dimension = ANY (ARRAY[
      CASE WHEN r.scopes & w.all_m <> 0 THEN 'all' END, CASE WHEN r.scopes & w.page_m <> 0 THEN 'page' END,
      CASE WHEN r.scopes & w.place_m <> 0 THEN 'place' END, CASE WHEN r.scopes & w.referrer_m <> 0 THEN 'referrer' END,
      CASE WHEN r.scopes & w.device_m <> 0 THEN 'device' END, CASE WHEN r.scopes & w.ip_m <> 0 THEN 'ip' END])
    UNION ALL
    SELECT r.scopes, analytics_ist_day(h.hour), 'hour', analytics_ist_hour(h.hour)::text,
           h.visits, h.new_visits, h.apply_visits, h.visitors, NULL, NULL
    FROM rolled r CROSS JOIN wanted w JOIN analytics_hourly_rollup h ON h.hour = r.hour AND h.dimension = 'all' AND h.key = ''
    WHERE r.scopes & w.hour_m <> 0
  ), all_parts AS MATERIALIZED (
    SELECT * FROM raw_parts UNION ALL SELECT * FROM hourly_parts
  ), parts AS (
    -- visitor sets merged for the few keys; the many IPs only summed (a set aggregate per IP cost more than the rest)
    SELECT p.scopes, p.day, p.dimension, p.key, sum(p.visits)::int AS visits, sum(p.new_visits)::int AS new_visits, sum(p.apply_visits)::int AS apply_visits,
           CASE WHEN p.dimension = 'device' THEN NULL
                WHEN count(*) = 1 THEN min(p.visitors)
                ELSE intarray.uniq(intarray.sort(analytics_int_concat(p.visitors))) END AS visitors,
           NULL::timestamptz AS first_ts, NULL::timestamptz AS last_ts
    FROM all_parts p WHERE p.dimension <> 'ip'
    GROUP BY p.scopes, p.day, p.dimension, p.key
    UNION ALL
    SELECT p.scopes, NULL, 'ip', p.key, sum(p.visits)::int, 0, 0, NULL, min(p.first_ts), max(p.last_ts)
    FROM all_parts p WHERE p.dimension = 'ip'
    GROUP BY p.scopes, p.key
  )
  SELECT coalesce(array_agg(ROW(p.scopes, p.day, p.dimension, p.key, p.visits, p.new_visits, p.apply_visits, p.visitors, p.first_ts, p.last_ts)::analytics_live_part), '{}')
  FROM parts p
$$;
