-- Range caches for the dashboard at a busy site's volume (issue 15: at 1,000,000 visits over 90
-- days, 333,000 of them in the 30-day range, the /admin data in ≤ 150 ms on PostgreSQL).
--
-- Since 0005 a range's figures are the union of its closed days' rollups plus the raw visits of
-- the part not rolled up. At Umami's density that union is still ~1.3 million visitor ids
-- concatenated and sorted on every dashboard load, and repeat visitors grouped 333,000 raw
-- visits by IP each time. Yet the closed days of the dashboard's ranges change once a day. So
-- the closed part of a range is now summed once into analytics_range_cache (per dimension and
-- key: visits, new visits, /apply visits and the sorted set of visitor ids; per visitor IP for
-- repeat visitors), and each load only merges it with today's raw visits: intarray's `|`
-- merges two sorted sets in one pass, so distinct visitors stay exact.
--
-- A cache entry is used only while its closed days are unchanged: it records the number of the
-- days' rows in analytics_rollup_days and the sum of their versions when it was built. The
-- triggers of 0005 raise a day's version on any insert, update or delete of its visits, and
-- versions only grow, so any change to any of its days changes the sum. TRUNCATE empties the
-- caches with the rollups.
--
-- The IST day and hour are one function each (analytics_ist_day, analytics_ist_hour of 0005);
-- the functions of 0003 and 0004 that still computed them inline now call them (the planner
-- inlines both, so they cost nothing more).

CREATE TABLE analytics_range_cache (
  id serial PRIMARY KEY,
  closed_from date NOT NULL,
  closed_to date NOT NULL,
  -- 'visitor' (repeat visitors' per-IP counts) or the rollup dimensions summed, sorted
  dimensions text[] NOT NULL,
  -- the closed days when built: how many rows analytics_rollup_days had and their versions' sum
  day_count integer NOT NULL,
  version_sum numeric NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (closed_from, closed_to, dimensions)
);--> statement-breakpoint

CREATE TABLE analytics_range_cache_rows (
  cache_id integer NOT NULL REFERENCES analytics_range_cache ON DELETE CASCADE,
  dimension text NOT NULL,
  key text NOT NULL,
  visits integer NOT NULL,
  new_visits integer NOT NULL,
  apply_visits integer NOT NULL,
  -- sorted distinct analytics_visitor_ids.id; NULL for 'device'
  visitors integer[],
  PRIMARY KEY (cache_id, dimension, key)
);--> statement-breakpoint

CREATE TABLE analytics_range_cache_visitors (
  cache_id integer NOT NULL REFERENCES analytics_range_cache ON DELETE CASCADE,
  visitor_ip text NOT NULL,
  visits integer NOT NULL,
  first_ts timestamptz NOT NULL,
  last_ts timestamptz NOT NULL,
  PRIMARY KEY (cache_id, visitor_ip)
);--> statement-breakpoint
CREATE INDEX analytics_range_cache_visitors_visits_idx ON analytics_range_cache_visitors (cache_id, visits DESC);--> statement-breakpoint

-- TRUNCATE of the visits empties the caches too (their day counts could otherwise come back).
CREATE OR REPLACE FUNCTION analytics_visits_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_record_counts SET bots = 0, humans = 0, unprocessed = 0;
  DELETE FROM analytics_daily_rollup;
  DELETE FROM analytics_rollup_days;
  DELETE FROM analytics_range_cache;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- The id of the cache of the closed days [closed_from, closed_to) for `dims`, built first when
-- missing or when one of its days changed since. Builders of the same entry wait for each other
-- (advisory lock); the days' rollups are refreshed in the same transaction, their rows locked in
-- day order (as the builder and the triggers of 0005 lock them), so a change to a day either
-- lands before the build reads it or changes the version sum after it. The entry returned is
-- share-locked until the caller's transaction ends, so another builder cannot drop it while the
-- caller reads its rows.
CREATE OR REPLACE FUNCTION analytics_range_cache_id(closed_from date, closed_to date, dims text[]) RETURNS integer
LANGUAGE plpgsql SET work_mem = '32MB' SET jit = off AS $$
DECLARE
  wanted text[] := ARRAY(SELECT DISTINCT unnest(dims) ORDER BY 1);
  n integer;
  total numeric;
  found_id integer;
  day_start timestamptz := (closed_from::timestamp - interval '5 hours 30 minutes') AT TIME ZONE 'UTC';
  day_end timestamptz := (closed_to::timestamp - interval '5 hours 30 minutes') AT TIME ZONE 'UTC';
BEGIN
  SELECT count(*), coalesce(sum(version), 0) INTO n, total FROM analytics_rollup_days WHERE day >= closed_from AND day < closed_to;
  SELECT c.id INTO found_id FROM analytics_range_cache c
  WHERE c.closed_from = $1 AND c.closed_to = $2 AND c.dimensions = wanted AND c.day_count = n AND c.version_sum = total
  FOR SHARE OF c;
  IF found_id IS NOT NULL OR closed_to <= closed_from THEN
    RETURN found_id;
  END IF;

  PERFORM pg_advisory_xact_lock(hashtext('analytics_range_cache ' || closed_from || ' ' || closed_to || ' ' || wanted::text));
  -- Every day gets its row before the versions are summed, so building its rollup below cannot change the count.
  INSERT INTO analytics_rollup_days (day) SELECT d::date FROM generate_series(closed_from, closed_to - 1, interval '1 day') d ORDER BY 1
  ON CONFLICT (day) DO NOTHING;
  SELECT count(*), coalesce(sum(version), 0) INTO n, total FROM analytics_rollup_days WHERE day >= closed_from AND day < closed_to;
  SELECT c.id INTO found_id FROM analytics_range_cache c
  WHERE c.closed_from = $1 AND c.closed_to = $2 AND c.dimensions = wanted AND c.day_count = n AND c.version_sum = total
  FOR SHARE OF c;
  IF found_id IS NOT NULL THEN
    RETURN found_id;
  END IF;
  DELETE FROM analytics_range_cache c WHERE (c.closed_from = $1 AND c.closed_to = $2 AND c.dimensions = wanted)
    OR c.built_at < now() - interval '2 days';
  INSERT INTO analytics_range_cache (closed_from, closed_to, dimensions, day_count, version_sum)
  VALUES (closed_from, closed_to, wanted, n, total) RETURNING id INTO found_id;

  IF wanted = '{visitor}' THEN
    INSERT INTO analytics_range_cache_visitors (cache_id, visitor_ip, visits, first_ts, last_ts)
    SELECT found_id, va.visitor_ip, count(*), min(va."timestamp"), max(va."timestamp")
    FROM visitor_analytics va
    WHERE va."timestamp" >= day_start AND va."timestamp" < day_end AND va.is_bot IS NOT TRUE AND va.visitor_ip <> 'unavailable'
    GROUP BY va.visitor_ip;
  ELSE
    -- in day order, as generate_series yields them
    PERFORM analytics_refresh_rollup(d::date) FROM generate_series(closed_from, closed_to - 1, interval '1 day') d;
    INSERT INTO analytics_range_cache_rows (cache_id, dimension, key, visits, new_visits, apply_visits, visitors)
    WITH sums AS (
      SELECT r.dimension, r.key, sum(r.visits) AS visits, sum(r.new_visits) AS new_visits, sum(r.apply_visits) AS apply_visits
      FROM analytics_daily_rollup r
      WHERE r.day >= closed_from AND r.day < closed_to AND r.dimension = ANY (wanted)
      GROUP BY r.dimension, r.key
    ), sets AS (
      -- array_agg over the days' ids grows linearly; concatenating arrays day by day copied them once per day
      SELECT r.dimension, r.key, intarray.uniq(intarray.sort(array_agg(v))) AS visitors
      FROM analytics_daily_rollup r CROSS JOIN LATERAL unnest(r.visitors) v
      WHERE r.day >= closed_from AND r.day < closed_to AND r.dimension = ANY (wanted) AND r.dimension <> 'device'
      GROUP BY r.dimension, r.key
    )
    SELECT found_id, s.dimension, s.key, s.visits, s.new_visits, s.apply_visits, v.visitors
    FROM sums s LEFT JOIN sets v ON v.dimension = s.dimension AND v.key = s.key;
  END IF;
  RETURN found_id;
END
$$;--> statement-breakpoint

-- The figures of a range made of closed days [closed_from, closed_to) and the instants
-- [head_start, head_end) and [tail_start, tail_end) around them: the closed days from their
-- cache (built first when needed), the rest from visitor_analytics. Same arguments, numbers,
-- orders and ties as in 0005 (a property test compares them with the raw-visit procedures).
CREATE OR REPLACE FUNCTION analytics_range_figures(
  closed_from date, closed_to date,
  head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz,
  internal_hosts text[] DEFAULT '{}', dimensions text[] DEFAULT '{all,page,hour,place,referrer,device}',
  location_limit integer DEFAULT 10, source_limit integer DEFAULT 25)
RETURNS json
LANGUAGE plpgsql SET work_mem = '32MB' SET jit = off AS $$
DECLARE
  cache integer := analytics_range_cache_id(closed_from, closed_to, dimensions);
BEGIN
  RETURN analytics_range_figures_from(cache, closed_from, closed_to, head_start, head_end, tail_start, tail_end,
                                      internal_hosts, dimensions, location_limit, source_limit);
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_range_figures_from(
  cache integer, closed_from date, closed_to date,
  head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz,
  internal_hosts text[], dimensions text[], location_limit integer, source_limit integer)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH live_visits AS MATERIALIZED (
    -- two range scans of the timestamp index: one OR of the two windows was planned as a scan
    -- of the whole table (the function's plan cannot know the windows are a day at most)
    SELECT va.visitor_ip, va.page_visited, va."timestamp", va.country, va.region, va.city, coalesce(va.referrer, '') AS ref,
           va.device_type, va.browser, va.is_new_visitor, va.is_apply_page
    FROM visitor_analytics va
    WHERE va."timestamp" >= head_start AND va."timestamp" < head_end AND va.is_bot IS NOT TRUE
    UNION ALL
    SELECT va.visitor_ip, va.page_visited, va."timestamp", va.country, va.region, va.city, coalesce(va.referrer, '') AS ref,
           va.device_type, va.browser, va.is_new_visitor, va.is_apply_page
    FROM visitor_analytics va
    WHERE va."timestamp" >= tail_start AND va."timestamp" < tail_end AND va.is_bot IS NOT TRUE
  ), live_ips AS MATERIALIZED (
    -- each IP's rollup id; IPs without one yet get negative ids of their own for this query
    SELECT d.visitor_ip, coalesce(ids.id, -dense_rank() OVER (PARTITION BY ids.id IS NULL ORDER BY d.visitor_ip)) AS visitor
    FROM (SELECT DISTINCT visitor_ip FROM live_visits) d LEFT JOIN analytics_visitor_ids ids ON ids.visitor_ip = d.visitor_ip
  ), live_referrers AS MATERIALIZED (
    SELECT r.ref, analytics_referrer_key(r.ref) AS key FROM (SELECT DISTINCT ref FROM live_visits) r
  ), live AS MATERIALIZED (
    -- the keys of analytics_rollup_keys (0005), column by column: one grouping per dimension
    -- below costs less than a row per visit and dimension
    SELECT analytics_ist_day(v."timestamp") AS day, i.visitor::int AS visitor, v.page_visited, analytics_ist_hour(v."timestamp") AS hour,
           coalesce(v.country, 'Unknown') AS country, coalesce(v.region, '') AS region, coalesce(v.city, 'Unknown') AS city,
           r.key AS referrer_key, coalesce(v.device_type, 'Unknown') AS device_type, coalesce(v.browser, 'Unknown') AS browser,
           v.is_new_visitor, v.is_apply_page
    FROM live_visits v JOIN live_ips i ON i.visitor_ip = v.visitor_ip JOIN live_referrers r ON r.ref = v.ref
  ), live_parts AS MATERIALIZED (
    SELECT day, 'all' AS dimension, '' AS key, count(*)::int AS visits, (count(*) FILTER (WHERE is_new_visitor))::int AS new_visits,
           (count(*) FILTER (WHERE is_apply_page))::int AS apply_visits, intarray.uniq(intarray.sort(array_agg(visitor))) AS visitors
    FROM live WHERE 'all' = ANY (dimensions) GROUP BY day
    UNION ALL
    SELECT day, 'page', page_visited, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, intarray.uniq(intarray.sort(array_agg(visitor)))
    FROM live WHERE 'page' = ANY (dimensions) GROUP BY day, page_visited
    UNION ALL
    SELECT day, 'hour', hour::text, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, intarray.uniq(intarray.sort(array_agg(visitor)))
    FROM live WHERE 'hour' = ANY (dimensions) GROUP BY day, hour
    UNION ALL
    SELECT day, 'place', json_build_array(country, region, city)::text, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, intarray.uniq(intarray.sort(array_agg(visitor)))
    FROM live WHERE 'place' = ANY (dimensions) GROUP BY day, country, region, city
    UNION ALL
    SELECT day, 'referrer', referrer_key, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, intarray.uniq(intarray.sort(array_agg(visitor)))
    FROM live WHERE 'referrer' = ANY (dimensions) GROUP BY day, referrer_key
    UNION ALL
    -- devices and browsers count visits only
    SELECT day, 'device', json_build_array(device_type, browser)::text, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, NULL::integer[]
    FROM live WHERE 'device' = ANY (dimensions) GROUP BY day, device_type, browser
  ), live_keys AS (
    SELECT dimension, key, sum(visits)::int AS visits, sum(new_visits)::int AS new_visits, sum(apply_visits)::int AS apply_visits,
           intarray.uniq(intarray.sort(analytics_int_concat(visitors))) AS visitors
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
                                intarray.icount(intarray.uniq(intarray.sort(analytics_int_concat(r.visitors)))) AS unique_visitors
                         FROM categories c LEFT JOIN referrers r ON r.category = c.name GROUP BY c.name, c.ord) c),
    'details', (SELECT coalesce(json_agg(json_build_object('source', source, 'category', category, 'visit_count', visits,
                'unique_visitors', coalesce(intarray.icount(visitors), 0))
                ORDER BY visits DESC, source COLLATE "C", category COLLATE "C"), '[]') FROM sources),
    'devices', (SELECT coalesce(json_agg(json_build_object('name', name, 'count', count) ORDER BY count DESC, name COLLATE "C"), '[]')
                FROM (SELECT device_type AS name, sum(visits)::int AS count FROM devices GROUP BY 1) d),
    'browsers', (SELECT coalesce(json_agg(json_build_object('name', name, 'count', count) ORDER BY count DESC, name COLLATE "C"), '[]')
                 FROM (SELECT browser AS name, sum(visits)::int AS count FROM devices GROUP BY 1) b)
  )
$$;--> statement-breakpoint

-- Repeat visitors of a range split like analytics_range_figures, ranked exactly as
-- analytics_repeat_visitors (0005) ranks the raw visits of [head_start, tail_end): the closed
-- days' per-IP counts come from their cache. Only IPs with visits in the live part, or with at
-- least as many closed visits as the repeat_limit-th IP of the closed part, can be in the top
-- repeat_limit, so only those are merged; sessions, place, browser and device are then looked
-- up for the chosen IPs only.
CREATE OR REPLACE FUNCTION analytics_repeat_visitors_split(
  closed_from date, closed_to date,
  head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz, repeat_limit integer DEFAULT 50)
RETURNS json
LANGUAGE plpgsql SET work_mem = '32MB' SET jit = off AS $$
DECLARE
  cache integer := analytics_range_cache_id(closed_from, closed_to, '{visitor}');
BEGIN
  RETURN analytics_repeat_visitors_from(cache, head_start, head_end, tail_start, tail_end, repeat_limit);
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_repeat_visitors_from(
  cache integer, head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz, repeat_limit integer)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH bounds AS (
    SELECT least(head_start, tail_start) AS start_date, greatest(head_end, tail_end) AS end_date
  ), live AS MATERIALIZED (
    SELECT w.visitor_ip, count(*)::int AS visits, min(w."timestamp") AS first_ts, max(w."timestamp") AS last_ts
    FROM (
      -- two range scans of the timestamp index, as in analytics_range_figures_from
      SELECT va.visitor_ip, va."timestamp" FROM visitor_analytics va
      WHERE va."timestamp" >= head_start AND va."timestamp" < head_end AND va.is_bot IS NOT TRUE AND va.visitor_ip <> 'unavailable'
      UNION ALL
      SELECT va.visitor_ip, va."timestamp" FROM visitor_analytics va
      WHERE va."timestamp" >= tail_start AND va."timestamp" < tail_end AND va.is_bot IS NOT TRUE AND va.visitor_ip <> 'unavailable'
    ) w
    GROUP BY w.visitor_ip
  ), threshold AS (
    -- a closed-only IP needs two closed visits to be a repeat visitor at all
    SELECT greatest(coalesce(min(t.visits), 0), 2) AS visits
    FROM (SELECT k.visits FROM analytics_range_cache_visitors k WHERE k.cache_id = cache ORDER BY k.visits DESC LIMIT repeat_limit) t
  ), candidates AS (
    SELECT k.visitor_ip FROM analytics_range_cache_visitors k WHERE k.cache_id = cache AND k.visits >= (SELECT visits FROM threshold)
    UNION
    SELECT visitor_ip FROM live
  ), grouped AS (
    SELECT c.visitor_ip, coalesce(k.visits, 0) + coalesce(l.visits, 0) AS visits,
           least(k.first_ts, l.first_ts) AS first_ts, greatest(k.last_ts, l.last_ts) AS last_ts
    FROM candidates c
    LEFT JOIN analytics_range_cache_visitors k ON k.cache_id = cache AND k.visitor_ip = c.visitor_ip
    LEFT JOIN live l ON l.visitor_ip = c.visitor_ip
    WHERE coalesce(k.visits, 0) + coalesce(l.visits, 0) > 1
    ORDER BY visits DESC, last_ts DESC, c.visitor_ip COLLATE "C" LIMIT repeat_limit
  )
  SELECT coalesce(json_agg(json_build_object('ip', g.visitor_ip, 'country', latest.country, 'city', latest.city, 'browser', latest.browser,
           'device_type', latest.device_type, 'visits', g.visits, 'session_count', sessions.session_count,
           'first_visit', to_char(g.first_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'last_visit', to_char(g.last_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'days_between_visits', analytics_ist_day(g.last_ts) - analytics_ist_day(g.first_ts))
         ORDER BY g.visits DESC, g.last_ts DESC, g.visitor_ip COLLATE "C"), '[]')
  FROM grouped g
  CROSS JOIN bounds b
  CROSS JOIN LATERAL (
    SELECT count(DISTINCT v.session_id)::int AS session_count FROM visitor_analytics v
    WHERE v.visitor_ip = g.visitor_ip AND v."timestamp" >= b.start_date AND v."timestamp" < b.end_date AND v.is_bot IS NOT TRUE
  ) sessions
  CROSS JOIN LATERAL (
    SELECT v.country, v.city, v.browser, v.device_type FROM visitor_analytics v
    WHERE v.visitor_ip = g.visitor_ip AND v."timestamp" = g.last_ts AND v.is_bot IS NOT TRUE
    ORDER BY v.id DESC LIMIT 1
  ) latest
$$;--> statement-breakpoint

-- The day in India from analytics_ist_day, as everywhere else (the body is otherwise 0003's).
CREATE OR REPLACE FUNCTION get_daily_visitor_data(start_date timestamptz, end_date timestamptz)
RETURNS TABLE (visit_date text, visitor_count integer, unique_visitors integer, new_visitors integer, apply_page_visits integer)
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  SELECT to_char(per_ip.day, 'YYYY-MM-DD'), sum(per_ip.n)::int, count(*)::int, sum(per_ip.fresh)::int, sum(per_ip.apply)::int
  FROM (
    SELECT analytics_ist_day(va."timestamp") AS day, va.visitor_ip, count(*) AS n,
           count(*) FILTER (WHERE va.is_new_visitor) AS fresh, count(*) FILTER (WHERE va.is_apply_page) AS apply
    FROM visitor_analytics va
    WHERE va."timestamp" >= start_date AND va."timestamp" < end_date AND va.is_bot IS NOT TRUE
    GROUP BY 1, 2
  ) per_ip
  GROUP BY per_ip.day
  ORDER BY per_ip.day
$$;--> statement-breakpoint

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
