-- Daily rollups for the Analytics result (issue 5: "add the indexes or rollups it takes"), and
-- record counts for the Analytics summary.
--
-- Every figure of a range used to be grouped from the range's raw visits on each dashboard load:
-- about 82,000 rows for 30 days at a million, grouped seven times over (one exact distinct-visitor
-- count per figure). Now each closed day (an IST day that ended at least ten minutes ago) is
-- rolled up once into analytics_daily_rollup: per dimension and key, the day's visits, new
-- visits, /apply visits and the sorted set of its visitors (small integer ids, one per IP, from
-- analytics_visitor_ids). A range's distinct visitors are then exact: the size of the union of
-- its days' sets, which intarray sorts and de-duplicates in C. The part of a range that is not
-- rolled up (today, the last ten minutes, a partial first day) is read from visitor_analytics.
--
-- Correctness rests on analytics_rollup_days: triggers bump a day's version whenever a statement
-- inserts, updates or deletes visits of that closed day (late inserts, bot identification, data
-- correction, the yearly reset), and a day's rollup is used only while built_version = version.
-- The same triggers keep analytics_record_counts, so the summary no longer counts every record.
--
-- intarray is a trusted contrib extension (PostgreSQL 13+; PGlite ships it). It lives in its
-- own schema so its operators do not change what int[] operators mean elsewhere.
CREATE SCHEMA IF NOT EXISTS intarray;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS intarray WITH SCHEMA intarray;--> statement-breakpoint

CREATE TABLE analytics_visitor_ids (
  id serial PRIMARY KEY,
  visitor_ip text NOT NULL UNIQUE
);--> statement-breakpoint

CREATE TABLE analytics_rollup_days (
  day date PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0,
  -- the version the day's rollup rows were built from; NULL: never built
  built_version bigint
);--> statement-breakpoint

CREATE TABLE analytics_daily_rollup (
  day date NOT NULL,
  -- 'all' (key ''), 'page' (path), 'hour' (0-23 in India), 'place' (JSON [country, region, city]),
  -- 'referrer' (host; '' direct; '?' a referrer without a readable host), 'device' (JSON [device, browser])
  dimension text NOT NULL,
  key text NOT NULL,
  visits integer NOT NULL,
  new_visits integer NOT NULL,
  apply_visits integer NOT NULL,
  -- sorted distinct analytics_visitor_ids.id; NULL for 'device', whose visitors are never counted
  visitors integer[],
  PRIMARY KEY (day, dimension, key)
);--> statement-breakpoint

CREATE TABLE analytics_record_counts (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  bots bigint NOT NULL,
  humans bigint NOT NULL,
  unprocessed bigint NOT NULL
);--> statement-breakpoint
INSERT INTO analytics_record_counts (bots, humans, unprocessed)
SELECT count(*) FILTER (WHERE is_bot), count(*) FILTER (WHERE is_bot = false), count(*) FILTER (WHERE is_bot IS NULL)
FROM visitor_analytics;--> statement-breakpoint

-- The day and hour in India (UTC+05:30 since 1945) by epoch arithmetic, as in 0003.
CREATE OR REPLACE FUNCTION analytics_ist_day(at timestamptz) RETURNS date
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT date '1970-01-01' + floor((date_part('epoch', at) + 19800) / 86400)::int
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_ist_hour(at timestamptz) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (floor((date_part('epoch', at) + 19800) / 3600)::bigint % 24)::int
$$;--> statement-breakpoint

-- The SPEC §9 category of a referrer host (already lower-case, without "www."): the part of
-- analytics_referrer_category after the host is read. Both now use this one copy.
CREATE OR REPLACE FUNCTION analytics_host_category(h text, internal_hosts text[] DEFAULT '{}') RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN h IS NULL THEN 'Other Websites'
    WHEN h ~ '^(localhost|.*\.localhost|.*\.local|127\.[0-9.]+|0\.0\.0\.0|\[::1\]|10\.[0-9.]+|192\.168\.[0-9.]+|172\.(1[6-9]|2[0-9]|3[01])\.[0-9.]+)$' THEN 'Development'
    WHEN h = ANY (internal_hosts) THEN 'Internal'
    WHEN h ~ '^(.*\.)?(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|ask|aol|naver|qwant|startpage|sogou)(\.[a-z]{2,3}){1,2}$|^search\.brave\.com$' THEN 'Search Engines'
    WHEN h ~ '^(.*\.)?(facebook\.com|fb\.com|fb\.me|instagram\.com|twitter\.com|x\.com|t\.co|linkedin\.com|lnkd\.in|youtube\.com|youtu\.be|whatsapp\.com|wa\.me|pinterest\.com|reddit\.com|telegram\.org|t\.me|quora\.com|snapchat\.com|threads\.net|tiktok\.com)$' THEN 'Social Media'
    ELSE 'Other Websites'
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_referrer_category(referrer text, internal_hosts text[] DEFAULT '{}') RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(referrer, '') = '' THEN 'Direct' ELSE analytics_host_category(analytics_referrer_host(referrer), internal_hosts) END
$$;--> statement-breakpoint

-- The rollup key of a referrer: its host, '' for a direct visit, '?' for a referrer without a
-- readable host ('?' cannot be part of a host). Slow (regular expressions): callers apply it once
-- per distinct referrer.
CREATE OR REPLACE FUNCTION analytics_referrer_key(referrer text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(referrer, '') = '' THEN '' ELSE coalesce(analytics_referrer_host(referrer), '?') END
$$;--> statement-breakpoint

-- The rollup keys of one visit, one row per dimension. The rollup builder and the live part of
-- a range both use this, so their keys are the same.
CREATE OR REPLACE FUNCTION analytics_rollup_keys(page text, at timestamptz, country text, region text, city text, referrer_key text, device_type text, browser text)
RETURNS TABLE (dimension text, key text)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  VALUES ('all', ''), ('page', page), ('hour', analytics_ist_hour(at)::text),
    ('place', json_build_array(coalesce(country, 'Unknown'), coalesce(region, ''), coalesce(city, 'Unknown'))::text),
    ('referrer', referrer_key),
    ('device', json_build_array(coalesce(device_type, 'Unknown'), coalesce(browser, 'Unknown'))::text)
$$;--> statement-breakpoint

-- Union of visitor sets, as an aggregate: concatenation here, sorting and de-duplication once
-- at the end (intarray.uniq(intarray.sort(...))).
CREATE AGGREGATE analytics_int_concat(integer[]) (SFUNC = array_cat, STYPE = integer[], INITCOND = '{}');--> statement-breakpoint

-- Marks closed days whose visits a statement changed, so their rollups are rebuilt before use.
-- Today's visits (the ingest) never touch this table.
CREATE OR REPLACE FUNCTION analytics_mark_days(days date[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_rollup_days AS r (day, version)
  SELECT DISTINCT d, 1 FROM unnest(days) d WHERE d < analytics_ist_day(clock_timestamp())
  ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET version = r.version + 1
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_visits_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_record_counts c SET bots = c.bots + n.bots, humans = c.humans + n.humans, unprocessed = c.unprocessed + n.unprocessed
  FROM (SELECT count(*) FILTER (WHERE is_bot) AS bots, count(*) FILTER (WHERE is_bot = false) AS humans, count(*) FILTER (WHERE is_bot IS NULL) AS unprocessed
        FROM new_rows) n;
  PERFORM analytics_mark_days(ARRAY(SELECT analytics_ist_day("timestamp") FROM new_rows));
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
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_visits_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_record_counts SET bots = 0, humans = 0, unprocessed = 0;
  DELETE FROM analytics_daily_rollup;
  DELETE FROM analytics_rollup_days;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER analytics_visits_inserted AFTER INSERT ON visitor_analytics
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_inserted();--> statement-breakpoint
CREATE TRIGGER analytics_visits_deleted AFTER DELETE ON visitor_analytics
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_deleted();--> statement-breakpoint
CREATE TRIGGER analytics_visits_updated AFTER UPDATE ON visitor_analytics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_updated();--> statement-breakpoint
CREATE TRIGGER analytics_visits_truncated AFTER TRUNCATE ON visitor_analytics
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_visits_truncated();--> statement-breakpoint

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
$$;--> statement-breakpoint

-- The figures of a range made of closed days [closed_from, closed_to), read from their rollups
-- (which the caller refreshed first), and of the instants [head_start, head_end) and
-- [tail_start, tail_end), read from visitor_analytics; only the dimensions named are computed.
-- The same numbers, orders and ties as get_analytics_counts, get_daily_visitor_data,
-- get_page_popularity_data, analytics_range_breakdown (hours, places, devices, browsers) and
-- the two traffic-source procedures over the same instants (a property test checks it).
-- Visitors of the live part without an id yet get negative ids of their own for this query.
CREATE OR REPLACE FUNCTION analytics_range_figures(
  closed_from date, closed_to date,
  head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz,
  internal_hosts text[] DEFAULT '{}', dimensions text[] DEFAULT '{all,page,hour,place,referrer,device}',
  location_limit integer DEFAULT 10, source_limit integer DEFAULT 25)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH live_visits AS MATERIALIZED (
    SELECT va.*, (SELECT ids.id FROM analytics_visitor_ids ids WHERE ids.visitor_ip = va.visitor_ip) AS known
    FROM visitor_analytics va
    WHERE ((va."timestamp" >= head_start AND va."timestamp" < head_end) OR (va."timestamp" >= tail_start AND va."timestamp" < tail_end))
      AND va.is_bot IS NOT TRUE
  ), live_referrers AS MATERIALIZED (
    SELECT r.ref, analytics_referrer_key(r.ref) AS key FROM (SELECT DISTINCT coalesce(referrer, '') AS ref FROM live_visits) r
  ), live AS (
    SELECT v.*, r.key AS referrer_key,
           coalesce(v.known, -dense_rank() OVER (PARTITION BY v.known IS NULL ORDER BY v.visitor_ip)) AS visitor
    FROM live_visits v JOIN live_referrers r ON r.ref = coalesce(v.referrer, '')
  ), parts AS (
    SELECT r.day, r.dimension, r.key, r.visits, r.new_visits, r.apply_visits, r.visitors
    FROM analytics_daily_rollup r
    WHERE r.day >= closed_from AND r.day < closed_to AND r.dimension = ANY (dimensions)
    UNION ALL
    SELECT analytics_ist_day(v."timestamp"), k.dimension, k.key, count(*)::int, (count(*) FILTER (WHERE v.is_new_visitor))::int,
           (count(*) FILTER (WHERE v.is_apply_page))::int, intarray.uniq(intarray.sort(array_agg(v.visitor::int)))
    FROM live v
    CROSS JOIN LATERAL analytics_rollup_keys(v.page_visited, v."timestamp", v.country, v.region, v.city, v.referrer_key, v.device_type, v.browser) k
    WHERE k.dimension = ANY (dimensions)
    GROUP BY 1, 2, 3
  ), figures AS (
    SELECT dimension, key, sum(visits)::int AS visits, sum(new_visits)::int AS new_visits, sum(apply_visits)::int AS apply_visits,
           analytics_int_concat(visitors) AS visitors
    FROM parts GROUP BY dimension, key
  ), distinct_figures AS (
    SELECT f.*, intarray.icount(intarray.uniq(intarray.sort(f.visitors))) AS unique_visitors FROM figures f WHERE f.dimension IN ('all', 'page', 'hour')
  ), daily AS (
    SELECT day, sum(visits)::int AS visits, sum(new_visits)::int AS new_visits, sum(apply_visits)::int AS apply_visits,
           intarray.icount(intarray.uniq(intarray.sort(analytics_int_concat(visitors)))) AS unique_visitors
    FROM parts WHERE dimension = 'all' GROUP BY day
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
                'unique_visitors', intarray.icount(intarray.uniq(intarray.sort(visitors))))
                ORDER BY visits DESC, country COLLATE "C", region COLLATE "C", city COLLATE "C"), '[]') FROM places),
    'categories', (SELECT json_agg(json_build_object('category', c.name, 'visit_count', c.visits, 'unique_visitors', c.unique_visitors) ORDER BY c.ord)
                   FROM (SELECT c.name, c.ord, coalesce(sum(r.visits), 0)::int AS visits,
                                intarray.icount(intarray.uniq(intarray.sort(analytics_int_concat(r.visitors)))) AS unique_visitors
                         FROM categories c LEFT JOIN referrers r ON r.category = c.name GROUP BY c.name, c.ord) c),
    'details', (SELECT coalesce(json_agg(json_build_object('source', source, 'category', category, 'visit_count', visits,
                'unique_visitors', intarray.icount(intarray.uniq(intarray.sort(visitors))))
                ORDER BY visits DESC, source COLLATE "C", category COLLATE "C"), '[]') FROM sources),
    'devices', (SELECT coalesce(json_agg(json_build_object('name', name, 'count', count) ORDER BY count DESC, name COLLATE "C"), '[]')
                FROM (SELECT device_type AS name, sum(visits)::int AS count FROM devices GROUP BY 1) d),
    'browsers', (SELECT coalesce(json_agg(json_build_object('name', name, 'count', count) ORDER BY count DESC, name COLLATE "C"), '[]')
                 FROM (SELECT browser AS name, sum(visits)::int AS count FROM devices GROUP BY 1) b)
  )
$$;
--> statement-breakpoint

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
