-- Hourly rollups of the live visits (issue 15: the 30-day dashboard data in ≤ 150 ms on
-- PostgreSQL at 1,000,000 visits over 90 days, and at 3,000,000 no more than twice that).
--
-- After 0012 every load still read the live part of its ranges raw: today (a whole day's visits by
-- evening, 33,000 at 3 M) and the traffic sources' partial first day. Profiled at 3 M, that
-- was most of the load: an index scan, a visitor-id lookup per IP and a grouping per dimension,
-- for each visit. Now each IST hour that ended ten minutes ago is rolled up once, by the same
-- grouping as the live part (analytics_live_parts), into analytics_hourly_rollup; a load reads
-- the hours' rows and only the rest raw (at most the hour under way and the ten minutes before).
--
-- Correctness as for the days (0005): triggers bump an hour's version in analytics_rollup_hours
-- whenever a statement inserts, updates or deletes visits of an hour that has ended by the
-- database's clock (so the ingest of the hour under way never touches the table), and an hour's
-- rows are read only while built_version = version. The builder locks the hour's row first and
-- builds only hours that ended at least `lag` ago by the database's clock: a statement that
-- wrote visits of an hour while it was under way has committed by then, and any later one bumps
-- the version. Hours are built on demand (rollups.server.ts refreshHourlyRollups) and dropped by
-- the nightly job when no range of the dashboard reads them that day.

CREATE TABLE analytics_rollup_hours (
  -- the IST hour's first instant
  hour timestamptz PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0,
  -- the version the hour's rows were built from; NULL: never built
  built_version bigint
);--> statement-breakpoint

CREATE TABLE analytics_hourly_rollup (
  hour timestamptz NOT NULL,
  -- as analytics_live_part (0012): 'all', 'page', 'place', 'referrer', 'device' and 'ip' ('hour'
  -- is the hour's 'all' row)
  dimension text NOT NULL,
  key text NOT NULL,
  visits integer NOT NULL,
  new_visits integer NOT NULL,
  apply_visits integer NOT NULL,
  -- sorted distinct analytics_visitor_ids.id; NULL for 'device' and 'ip'
  visitors integer[],
  -- first and last visit, for 'ip' only
  first_ts timestamptz,
  last_ts timestamptz,
  PRIMARY KEY (hour, dimension, key)
);--> statement-breakpoint

-- The first instant of the IST hour holding `at` (IST hours start at half past the UTC hour).
CREATE OR REPLACE FUNCTION analytics_ist_hour_start(at timestamptz) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_timestamp(floor((date_part('epoch', at) + 19800) / 3600) * 3600 - 19800)
$$;--> statement-breakpoint

-- Marks the ended hours among `hours` (their first instants) as changed.
CREATE OR REPLACE FUNCTION analytics_mark_hours(hours timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_rollup_hours AS r (hour, version)
  SELECT DISTINCT h, 1 FROM unnest(hours) h WHERE h < analytics_ist_hour_start(clock_timestamp())
  ORDER BY 1
  ON CONFLICT (hour) DO UPDATE SET version = r.version + 1
$$;--> statement-breakpoint

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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_visits_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_record_counts c SET bots = c.bots - o.bots, humans = c.humans - o.humans, unprocessed = c.unprocessed - o.unprocessed
  FROM (SELECT count(*) FILTER (WHERE is_bot) AS bots, count(*) FILTER (WHERE is_bot = false) AS humans, count(*) FILTER (WHERE is_bot IS NULL) AS unprocessed
        FROM old_rows) o;
  PERFORM analytics_mark_days(ARRAY(SELECT analytics_ist_day("timestamp") FROM old_rows));
  PERFORM analytics_mark_hours(ARRAY(SELECT analytics_ist_hour_start("timestamp") FROM old_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_visits_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_record_counts c
  SET bots = c.bots + n.bots - o.bots, humans = c.humans + n.humans - o.humans, unprocessed = c.unprocessed + n.unprocessed - o.unprocessed
  FROM (SELECT count(*) FILTER (WHERE is_bot) AS bots, count(*) FILTER (WHERE is_bot = false) AS humans, count(*) FILTER (WHERE is_bot IS NULL) AS unprocessed
        FROM new_rows) n,
       (SELECT count(*) FILTER (WHERE is_bot) AS bots, count(*) FILTER (WHERE is_bot = false) AS humans, count(*) FILTER (WHERE is_bot IS NULL) AS unprocessed
        FROM old_rows) o;
  PERFORM analytics_mark_days(ARRAY(SELECT analytics_ist_day("timestamp") FROM old_rows UNION SELECT analytics_ist_day("timestamp") FROM new_rows));
  PERFORM analytics_mark_hours(ARRAY(SELECT analytics_ist_hour_start("timestamp") FROM old_rows UNION SELECT analytics_ist_hour_start("timestamp") FROM new_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- 0008's, emptying the hourly rollups too.
CREATE OR REPLACE FUNCTION analytics_visits_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_record_counts SET bots = 0, humans = 0, unprocessed = 0;
  DELETE FROM analytics_daily_rollup;
  DELETE FROM analytics_rollup_days;
  DELETE FROM analytics_range_cache;
  DELETE FROM analytics_hourly_rollup;
  DELETE FROM analytics_rollup_hours;
  RETURN NULL;
END
$$;--> statement-breakpoint

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
  ), windows AS MATERIALIZED (
    SELECT w.i, w.s, w.e, w.scopes FROM unnest(starts, ends, masks) WITH ORDINALITY AS w(s, e, scopes, i) WHERE w.s < w.e
  ), rolled AS MATERIALIZED (
    -- the windows' whole hours whose rollup is current
    SELECT w.i, w.scopes, r.hour FROM windows w
    JOIN analytics_rollup_hours r ON r.hour >= w.s AND r.hour <= w.e - interval '1 hour' AND r.built_version = r.version
  ), cuts AS (
    SELECT i, s AS at FROM windows UNION SELECT i, e FROM windows UNION SELECT i, hour FROM rolled UNION SELECT i, hour + interval '1 hour' FROM rolled
  ), raw_windows AS MATERIALIZED (
    -- the rest of each window, between its rolled hours
    SELECT c.i, w.scopes, c.s, c.e
    FROM (SELECT i, at AS s, lead(at) OVER (PARTITION BY i ORDER BY at) AS e FROM cuts) c JOIN windows w ON w.i = c.i
    WHERE c.e IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rolled r WHERE r.i = c.i AND r.hour = c.s)
  ), live_visits AS MATERIALIZED (
    -- one range scan of the timestamp index per raw window
    SELECT w.scopes, va.visitor_ip, va.page_visited, va."timestamp", va.country, va.region, va.city, coalesce(va.referrer, '') AS ref,
           va.device_type, va.browser, va.is_new_visitor, va.is_apply_page
    FROM raw_windows w
    CROSS JOIN LATERAL (
      SELECT v.* FROM visitor_analytics v WHERE v."timestamp" >= w.s AND v."timestamp" < w.e AND v.is_bot IS NOT TRUE
    ) va
  ), live_ips AS MATERIALIZED (
    -- each IP's rollup id; IPs without one yet get negative ids of their own for this query
    SELECT d.visitor_ip, coalesce(ids.id, -row_number() OVER ()) AS visitor
    FROM (SELECT DISTINCT visitor_ip FROM live_visits, wanted WHERE scopes & (all_m | page_m | hour_m | place_m | referrer_m) <> 0) d
    LEFT JOIN analytics_visitor_ids ids ON ids.visitor_ip = d.visitor_ip
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
    SELECT r.scopes, CASE WHEN h.dimension = 'ip' THEN NULL ELSE analytics_ist_day(h.hour) END AS day, h.dimension, h.key,
           h.visits, h.new_visits, h.apply_visits, h.visitors, h.first_ts, h.last_ts
    FROM rolled r CROSS JOIN wanted w JOIN analytics_hourly_rollup h ON h.hour = r.hour
    WHERE r.scopes & CASE h.dimension WHEN 'all' THEN w.all_m WHEN 'page' THEN w.page_m WHEN 'place' THEN w.place_m
                                      WHEN 'referrer' THEN w.referrer_m WHEN 'device' THEN w.device_m WHEN 'ip' THEN w.ip_m ELSE 0 END <> 0
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
$$;--> statement-breakpoint

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
$$;--> statement-breakpoint

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
$$;--> statement-breakpoint

-- Drops the hourly rollups of hours before keep_from whose IST day is not in keep_days.
CREATE OR REPLACE FUNCTION analytics_prune_hourly_rollups(keep_from timestamptz, keep_days date[]) RETURNS integer
LANGUAGE sql AS $$
  WITH dropped AS (
    DELETE FROM analytics_rollup_hours WHERE hour < keep_from AND analytics_ist_day(hour) <> ALL (keep_days) RETURNING hour
  ), rows AS (
    DELETE FROM analytics_hourly_rollup WHERE hour < keep_from AND analytics_ist_day(hour) <> ALL (keep_days)
  )
  SELECT count(*)::int FROM dropped
$$;
