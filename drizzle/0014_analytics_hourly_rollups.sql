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
--
-- Also: repeat visitors sum only the live IPs that can reach the top (analytics_live_ip_parts),
-- and each traffic-source category's visitors are merged set by set (analytics_int_union).
-- Decision record 013 has the reasons and the figures.

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
-- for repeat visitors (analytics_live_ip_parts): the IPs of many visits in an hour, and one IP's hours
CREATE INDEX analytics_hourly_rollup_visits_idx ON analytics_hourly_rollup (hour, visits) WHERE dimension = 'ip';--> statement-breakpoint
CREATE INDEX analytics_hourly_rollup_ip_idx ON analytics_hourly_rollup (key, hour) WHERE dimension = 'ip';--> statement-breakpoint

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
  WITH locked AS (
    -- in hour order, as the triggers and builders lock them
    SELECT hour FROM analytics_rollup_hours WHERE hour < keep_from AND analytics_ist_day(hour) <> ALL (keep_days) ORDER BY hour FOR UPDATE
  ), dropped AS (
    DELETE FROM analytics_rollup_hours WHERE hour IN (SELECT hour FROM locked) RETURNING hour
  ), rows AS (
    DELETE FROM analytics_hourly_rollup WHERE hour < keep_from AND analytics_ist_day(hour) <> ALL (keep_days)
  )
  SELECT count(*)::int FROM dropped
$$;
--> statement-breakpoint

-- The 'ip' live parts repeat visitors need (analytics_repeat_visitors_of, 0012) from the live
-- windows [starts[i], ends[i]) of a range whose closed days are cache entry `cache` (a '{visitor}'
-- entry): one row per IP with its live visits and first and last visit. When the closed part has
-- repeat_limit IPs of at least T visits, 0012 only merges the closed IPs of at least T - H visits
-- (H = T / 2) and the live IPs of at least H live visits; an IP's live visits are the sum of its
-- rows in P parts (the rolled hours, and the raw rest as one), so one of H or more has a part of at
-- least H / P. Only those IPs are summed, instead of every live IP (at 3 M visits 17,000 a day).
-- Otherwise every live IP is.
CREATE OR REPLACE FUNCTION analytics_live_ip_parts(cache integer, starts timestamptz[], ends timestamptz[], repeat_limit integer)
RETURNS analytics_live_part[]
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH split AS MATERIALIZED (
    SELECT * FROM analytics_live_windows(starts, ends, array_fill(1, ARRAY[cardinality(starts)]))
  ), top AS (
    SELECT k.visits FROM analytics_range_cache_visitors k WHERE k.cache_id = cache ORDER BY k.visits DESC LIMIT repeat_limit
  ), threshold AS MATERIALIZED (
    -- as in analytics_repeat_visitors_of (0012); part_min: the fewest visits in one part an IP of heavy live visits has
    SELECT x.*, CASE WHEN x.heavy IS NOT NULL THEN (x.heavy + x.parts - 1) / x.parts END AS part_min
    FROM (SELECT greatest(coalesce(min(t.visits), 0), 2) AS visits,
                 CASE WHEN count(*) = repeat_limit AND min(t.visits) - min(t.visits) / 2 >= 2 THEN min(t.visits) / 2 END AS heavy,
                 (SELECT count(*)::int + 1 FROM split WHERE hour IS NOT NULL) AS parts
          FROM top t) x
  ), raw AS MATERIALIZED (
    SELECT va.visitor_ip, count(*)::int AS visits, min(va."timestamp") AS first_ts, max(va."timestamp") AS last_ts
    FROM split w
    CROSS JOIN LATERAL (
      SELECT v.visitor_ip, v."timestamp" FROM visitor_analytics v
      WHERE w.hour IS NULL AND v."timestamp" >= w.s AND v."timestamp" < w.e AND v.is_bot IS NOT TRUE AND v.visitor_ip <> 'unavailable'
    ) va
    GROUP BY va.visitor_ip
  ), candidates AS MATERIALIZED (
    SELECT k.visitor_ip FROM analytics_range_cache_visitors k, threshold t
    WHERE t.heavy IS NOT NULL AND k.cache_id = cache AND k.visits >= t.visits - t.heavy
    UNION
    -- hours' rows of at least part_min visits (none without a bound), by the visits index. These
    -- look-ups are written so that one index fits each (per hour, then per IP, OFFSET 0 keeping
    -- them apart): PGlite never analyzes the table, and without statistics its planner read
    -- every IP row of the hours once per candidate (440 ms at 1 M visits).
    SELECT h.key FROM split w
    CROSS JOIN LATERAL (
      SELECT h.key FROM analytics_hourly_rollup h
      WHERE h.dimension = 'ip' AND h.hour = w.hour AND h.visits >= (SELECT part_min FROM threshold) OFFSET 0
    ) h
    WHERE w.hour IS NOT NULL
    UNION
    SELECT r.visitor_ip FROM raw r, threshold t WHERE t.heavy IS NOT NULL AND r.visits >= t.part_min
  ), pick AS MATERIALIZED (
    -- look the candidates up by IP when they are few; at a small site's volume the bound admits
    -- nearly every IP, and reading all of them is quicker
    SELECT t.heavy IS NOT NULL AND (SELECT count(*) FROM candidates) <= 500 AS by_key FROM threshold t
  ), summed AS (
    SELECT p.visitor_ip, sum(p.visits)::int AS visits, min(p.first_ts) AS first_ts, max(p.last_ts) AS last_ts
    FROM (
      -- every live IP when the closed part gives no bound (or too loose a one)
      SELECT h.key AS visitor_ip, h.visits, h.first_ts, h.last_ts FROM split w CROSS JOIN pick
      JOIN analytics_hourly_rollup h ON h.hour = w.hour AND h.dimension = 'ip'
      WHERE NOT pick.by_key
      UNION ALL
      -- else the candidates' rows, looked up by IP
      SELECT h.key, h.visits, h.first_ts, h.last_ts FROM candidates c CROSS JOIN pick
      CROSS JOIN LATERAL (SELECT h.* FROM analytics_hourly_rollup h WHERE h.dimension = 'ip' AND h.key = c.visitor_ip OFFSET 0) h
      WHERE pick.by_key AND h.hour IN (SELECT hour FROM split WHERE hour IS NOT NULL)
      UNION ALL
      SELECT r.* FROM raw r, pick WHERE NOT pick.by_key OR r.visitor_ip IN (SELECT visitor_ip FROM candidates)
    ) p
    GROUP BY p.visitor_ip
  )
  SELECT coalesce(array_agg(ROW(1, NULL, 'ip', s.visitor_ip, s.visits, 0, 0, NULL, s.first_ts, s.last_ts)::analytics_live_part), '{}')
  FROM summed s
$$;--> statement-breakpoint

-- 0012's, with the IPs from analytics_live_ip_parts.
CREATE OR REPLACE FUNCTION analytics_repeat_visitors_from(
  cache integer, head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz, repeat_limit integer)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  SELECT analytics_repeat_visitors_of(cache,
    analytics_live_ip_parts(cache, ARRAY[head_start, tail_start], ARRAY[head_end, tail_end], repeat_limit),
    least(head_start, tail_start), greatest(head_end, tail_end), repeat_limit)
$$;--> statement-breakpoint

-- 0012's, with the IPs from analytics_live_ip_parts over the range's windows (mask 1) instead of
-- every live IP from analytics_live_parts.
CREATE OR REPLACE FUNCTION analytics_dashboard_figures(
  range_from date, range_to date, sources_from date, sources_to date,
  starts timestamptz[], ends timestamptz[], masks integer[],
  range_start timestamptz, range_end timestamptz,
  internal_hosts text[], location_limit integer, source_limit integer, repeat_limit integer)
RETURNS json
LANGUAGE plpgsql SET work_mem = '32MB' SET jit = off AS $$
DECLARE
  range_dims constant text[] := '{all,page,hour,place,device}';
  range_cache integer := analytics_range_cache_id(range_from, range_to, range_dims);
  sources_cache integer := analytics_range_cache_id(sources_from, sources_to, '{referrer}');
  visitor_cache integer := analytics_range_cache_id(range_from, range_to, '{visitor}');
  parts analytics_live_part[] := analytics_live_parts(starts, ends, masks, '{all,page,hour,place,device,referrer}', '{5,1,5,1,1,2}');
BEGIN
  RETURN json_build_object(
    'range', analytics_figures_of(range_cache, range_from, range_to, ARRAY(SELECT p::analytics_live_part FROM unnest(parts) p WHERE p.scopes & 1 <> 0),
                                  internal_hosts, range_dims, location_limit, source_limit),
    'sources', analytics_figures_of(sources_cache, sources_from, sources_to, ARRAY(SELECT p::analytics_live_part FROM unnest(parts) p WHERE p.scopes & 2 <> 0),
                                    internal_hosts, '{referrer}', location_limit, source_limit),
    'repeat', analytics_repeat_visitors_of(visitor_cache,
                analytics_live_ip_parts(visitor_cache, ARRAY(SELECT s FROM unnest(starts, masks) AS w(s, m) WHERE m & 1 <> 0),
                                        ARRAY(SELECT e FROM unnest(ends, masks) AS w(e, m) WHERE m & 1 <> 0), repeat_limit),
                range_start, range_end, repeat_limit),
    'today', (
      WITH today AS (SELECT p.* FROM unnest(parts) p WHERE p.scopes & 4 <> 0)
      SELECT json_build_object(
        'totals', (SELECT json_build_object('totalVisits', coalesce(sum(visits), 0)::int,
                     'uniqueVisitors', coalesce(intarray.icount(intarray.uniq(intarray.sort(analytics_int_concat(visitors)))), 0),
                     'applyPageVisits', coalesce(sum(apply_visits), 0)::int, 'newVisitors', coalesce(sum(new_visits), 0)::int,
                     'returningVisitors', coalesce(sum(visits - new_visits), 0)::int)
                   FROM today WHERE dimension = 'all'),
        'hours', (SELECT coalesce(json_agg(json_build_object('hour', h.hour, 'visitor_count', h.visits, 'unique_visitors', h.unique_visitors) ORDER BY h.hour), '[]')
                  FROM (SELECT key::int AS hour, sum(visits)::int AS visits,
                               intarray.icount(intarray.uniq(intarray.sort(analytics_int_concat(visitors)))) AS unique_visitors
                        FROM today WHERE dimension = 'hour' GROUP BY key::int) h))
    ));
END
$$;--> statement-breakpoint

-- Union of sorted visitor sets, as an aggregate: one linear merge per set (intarray's `|`), where
-- analytics_int_concat (0005) concatenates all of them and sorts once.
CREATE AGGREGATE analytics_int_union(integer[]) (SFUNC = intarray._int_union, STYPE = integer[], INITCOND = '{}');--> statement-breakpoint

-- 0012's, with each traffic-source category's visitors the union of its hosts' sets by merges (at
-- 3 M visits on PostgreSQL the sources' figures took 83 ms with 600,000 ids concatenated and
-- sorted, 53 ms so).
CREATE OR REPLACE FUNCTION analytics_figures_of(
  cache integer, closed_from date, closed_to date, parts analytics_live_part[],
  internal_hosts text[], dimensions text[], location_limit integer, source_limit integer)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH live_parts AS MATERIALIZED (
    -- one row per day and key (parts of several masks merged)
    SELECT p.day, p.dimension, p.key, sum(p.visits)::int AS visits, sum(p.new_visits)::int AS new_visits, sum(p.apply_visits)::int AS apply_visits,
           CASE WHEN count(*) = 1 THEN min(p.visitors) ELSE intarray.uniq(intarray.sort(analytics_int_concat(p.visitors))) END AS visitors
    FROM unnest(parts) p WHERE p.dimension = ANY (dimensions) AND p.dimension <> 'ip'
    GROUP BY p.day, p.dimension, p.key
  ), live_keys AS (
    SELECT dimension, key, sum(visits)::int AS visits, sum(new_visits)::int AS new_visits, sum(apply_visits)::int AS apply_visits,
           CASE WHEN count(*) = 1 THEN min(visitors) ELSE intarray.uniq(intarray.sort(analytics_int_concat(visitors))) END AS visitors
    FROM live_parts GROUP BY dimension, key
  ), figures AS MATERIALIZED (
    -- the cached closed days merged with the live part, key by key (`|`: union of two sorted sets)
    SELECT coalesce(c.dimension, l.dimension) AS dimension, coalesce(c.key, l.key) AS key,
           coalesce(c.visits, 0) + coalesce(l.visits, 0) AS visits, coalesce(c.new_visits, 0) + coalesce(l.new_visits, 0) AS new_visits,
           coalesce(c.apply_visits, 0) + coalesce(l.apply_visits, 0) AS apply_visits,
           CASE WHEN l.visitors IS NULL THEN c.visitors WHEN c.visitors IS NULL THEN l.visitors ELSE c.visitors OPERATOR(intarray.|) l.visitors END AS visitors
    FROM (SELECT * FROM analytics_range_cache_rows WHERE cache_id = cache) c
    FULL JOIN live_keys l ON l.dimension = c.dimension AND l.key = c.key
  ), distinct_figures AS (
    SELECT f.*, coalesce(intarray.icount(f.visitors), 0) AS unique_visitors FROM figures f WHERE f.dimension IN ('all', 'page', 'hour')
  ), daily AS (
    SELECT day, sum(visits)::int AS visits, sum(new_visits)::int AS new_visits, sum(apply_visits)::int AS apply_visits, sum(unique_visitors)::int AS unique_visitors
    FROM (
      SELECT r.day, r.visits, r.new_visits, r.apply_visits, intarray.icount(r.visitors) AS unique_visitors
      FROM analytics_daily_rollup r WHERE r.day >= closed_from AND r.day < closed_to AND r.dimension = 'all' AND 'all' = ANY (dimensions)
      UNION ALL
      SELECT p.day, p.visits, p.new_visits, p.apply_visits, intarray.icount(p.visitors) FROM live_parts p WHERE p.dimension = 'all'
    ) d GROUP BY day
  ), places AS (
    SELECT * FROM (
      SELECT f.key::json ->> 0 AS country, f.key::json ->> 1 AS region, f.key::json ->> 2 AS city, f.visits, f.visitors
      FROM figures f WHERE f.dimension = 'place'
    ) p
    ORDER BY p.visits DESC, p.country COLLATE "C", p.region COLLATE "C", p.city COLLATE "C" LIMIT location_limit
  ), referrers AS (
    SELECT f.key, f.visits, f.visitors,
           CASE f.key WHEN '' THEN 'Direct' WHEN '?' THEN 'Other Websites' ELSE analytics_host_category(f.key, internal_hosts) END AS category
    FROM figures f WHERE f.dimension = 'referrer'
  ), categories (name, ord) AS (
    VALUES ('Direct', 1), ('Search Engines', 2), ('Social Media', 3), ('Internal', 4), ('Other Websites', 5), ('Development', 6)
  ), sources AS (
    SELECT * FROM (
      SELECT CASE r.key WHEN '?' THEN 'Unknown Source' ELSE r.key END AS source, r.category, r.visits, r.visitors
      FROM referrers r WHERE r.key <> ''
    ) s
    ORDER BY s.visits DESC, s.source COLLATE "C", s.category COLLATE "C" LIMIT source_limit
  ), devices AS (
    SELECT f.key::json ->> 0 AS device_type, f.key::json ->> 1 AS browser, f.visits FROM figures f WHERE f.dimension = 'device'
  )
  SELECT json_build_object(
    'counts', (SELECT json_build_object('total_visits', coalesce(max(visits), 0), 'unique_visitors', coalesce(max(unique_visitors), 0),
                 'apply_page_visits', coalesce(max(apply_visits), 0), 'new_visits', coalesce(max(new_visits), 0))
               FROM distinct_figures WHERE dimension = 'all'),
    'daily', (SELECT coalesce(json_agg(json_build_object('visit_date', to_char(day, 'YYYY-MM-DD'), 'visitor_count', visits,
                'unique_visitors', unique_visitors, 'new_visitors', new_visits, 'apply_page_visits', apply_visits) ORDER BY day), '[]') FROM daily),
    'pages', (SELECT coalesce(json_agg(json_build_object('page_visited', key, 'visit_count', visits, 'unique_visitors', unique_visitors)
                ORDER BY visits DESC, key COLLATE "C"), '[]') FROM distinct_figures WHERE dimension = 'page'),
    'hourly', (SELECT coalesce(json_agg(json_build_object('hour', key::int, 'visitor_count', visits, 'unique_visitors', unique_visitors)
                ORDER BY key::int), '[]') FROM distinct_figures WHERE dimension = 'hour'),
    'locations', (SELECT coalesce(json_agg(json_build_object('country', country, 'region', region, 'city', city, 'visits', visits,
                'unique_visitors', coalesce(intarray.icount(visitors), 0))
                ORDER BY visits DESC, country COLLATE "C", region COLLATE "C", city COLLATE "C"), '[]') FROM places),
    'categories', (SELECT json_agg(json_build_object('category', c.name, 'visit_count', c.visits, 'unique_visitors', c.unique_visitors) ORDER BY c.ord)
                   FROM (SELECT c.name, c.ord, coalesce(sum(r.visits), 0)::int AS visits,
                                intarray.icount(analytics_int_union(r.visitors)) AS unique_visitors
                         FROM categories c LEFT JOIN referrers r ON r.category = c.name GROUP BY c.name, c.ord) c),
    'details', (SELECT coalesce(json_agg(json_build_object('source', source, 'category', category, 'visit_count', visits,
                'unique_visitors', coalesce(intarray.icount(visitors), 0))
                ORDER BY visits DESC, source COLLATE "C", category COLLATE "C"), '[]') FROM sources),
    'devices', (SELECT coalesce(json_agg(json_build_object('name', name, 'count', count) ORDER BY count DESC, name COLLATE "C"), '[]')
                FROM (SELECT device_type AS name, sum(visits)::int AS count FROM devices GROUP BY 1) d),
    'browsers', (SELECT coalesce(json_agg(json_build_object('name', name, 'count', count) ORDER BY count DESC, name COLLATE "C"), '[]')
                 FROM (SELECT browser AS name, sum(visits)::int AS count FROM devices GROUP BY 1) b)
  )
$$;
