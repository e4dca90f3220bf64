-- One pass over the live visits for the whole /admin dashboard (issue 15: the 30-day data in
-- ≤ 150 ms on PostgreSQL at 1,000,000 visits over 90 days, and at 3,000,000 no more than twice
-- that).
--
-- Since 0008 a load read today's raw visits four times: the range's figures, the traffic
-- sources' figures (the same day again, plus a partial first day), repeat visitors, and today's
-- totals and hours. Profiled at 3 M visits (33,000 today), each of the range-figure calls spent
-- most of its time there: the index scan, one visitor-id lookup per distinct IP and the keys of
-- each visit, then one grouping per dimension; and repeat visitors joined the whole per-IP cache
-- (a sequential scan of 277,000 rows) to the day's 17,000 IPs. Now:
--
-- * analytics_live_parts reads the visits of a set of disjoint windows once, each window
--   tagged with a bit mask of the ranges it belongs to, and groups them by (mask, day, dimension,
--   key) for the dimensions those ranges ask for, plus per IP ('ip') for repeat visitors.
-- * analytics_figures_of (the merge with a range cache and the json of 0008) and
--   analytics_repeat_visitors_of (the repeat-visitor ranking of 0008) take those parts, so
--   several ranges share one read of the same visits.
-- * analytics_dashboard_figures runs the dashboard's range, its traffic-source range, its repeat
--   visitors and today's totals and hours from one analytics_live_parts call.
-- * Repeat visitors look up the per-IP cache row of each live IP by its key instead of joining
--   the whole cache.
--
-- analytics_range_figures_from and analytics_repeat_visitors_from keep their arguments and
-- results (the property tests compare them with the raw-visit procedures); their bodies now call
-- the functions above.

CREATE TYPE analytics_live_part AS (
  -- the ranges (bits) whose windows hold these visits
  scopes integer,
  -- IST day; NULL for 'ip'
  day date,
  dimension text,
  key text,
  visits integer,
  new_visits integer,
  apply_visits integer,
  -- sorted distinct visitor ids (analytics_visitor_ids.id, negative for IPs without one yet); NULL for 'device' and 'ip'
  visitors integer[],
  -- first and last visit, for 'ip' only
  first_ts timestamptz,
  last_ts timestamptz
);--> statement-breakpoint

-- The live parts of the visits (bots left out) in the disjoint windows [starts[i], ends[i]), each
-- visit tagged with masks[i]. A dimension of `dimensions` is grouped only for visits whose mask
-- shares a bit with the same position of dim_masks. Keys as analytics_rollup_keys (0005); 'ip'
-- groups by IP (never 'unavailable') with visits and first and last visit.
CREATE OR REPLACE FUNCTION analytics_live_parts(starts timestamptz[], ends timestamptz[], masks integer[], dimensions text[], dim_masks integer[])
RETURNS analytics_live_part[]
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH wanted AS (
    SELECT coalesce(bit_or(m) FILTER (WHERE d = 'all'), 0) AS all_m, coalesce(bit_or(m) FILTER (WHERE d = 'page'), 0) AS page_m,
           coalesce(bit_or(m) FILTER (WHERE d = 'hour'), 0) AS hour_m, coalesce(bit_or(m) FILTER (WHERE d = 'place'), 0) AS place_m,
           coalesce(bit_or(m) FILTER (WHERE d = 'referrer'), 0) AS referrer_m, coalesce(bit_or(m) FILTER (WHERE d = 'device'), 0) AS device_m,
           coalesce(bit_or(m) FILTER (WHERE d = 'ip'), 0) AS ip_m
    FROM unnest(dimensions, dim_masks) AS x(d, m)
  ), live_visits AS MATERIALIZED (
    -- one range scan of the timestamp index per window
    SELECT w.scopes, va.visitor_ip, va.page_visited, va."timestamp", va.country, va.region, va.city, coalesce(va.referrer, '') AS ref,
           va.device_type, va.browser, va.is_new_visitor, va.is_apply_page
    FROM unnest(starts, ends, masks) AS w(s, e, scopes)
    CROSS JOIN LATERAL (
      SELECT v.* FROM visitor_analytics v WHERE v."timestamp" >= w.s AND v."timestamp" < w.e AND v.is_bot IS NOT TRUE
    ) va
  ), live_ips AS MATERIALIZED (
    -- each IP's rollup id; IPs without one yet get negative ids of their own for this query
    -- (numbered as they come: ranking them by IP sorted every live IP)
    SELECT d.visitor_ip, coalesce(ids.id, -row_number() OVER ()) AS visitor
    FROM (SELECT DISTINCT visitor_ip FROM live_visits, wanted WHERE scopes & (all_m | page_m | hour_m | place_m | referrer_m) <> 0) d
    LEFT JOIN analytics_visitor_ids ids ON ids.visitor_ip = d.visitor_ip
  ), live_referrers AS MATERIALIZED (
    SELECT r.ref, analytics_referrer_key(r.ref) AS key FROM (SELECT DISTINCT ref FROM live_visits, wanted WHERE scopes & referrer_m <> 0) r
  ), live AS MATERIALIZED (
    -- the keys of analytics_rollup_keys (0005), column by column: one grouping per dimension
    -- below costs less than a row per visit and dimension
    SELECT v.scopes, analytics_ist_day(v."timestamp") AS day, i.visitor::int AS visitor, v.page_visited, analytics_ist_hour(v."timestamp") AS hour,
           coalesce(v.country, 'Unknown') AS country, coalesce(v.region, '') AS region, coalesce(v.city, 'Unknown') AS city,
           r.key AS referrer_key, coalesce(v.device_type, 'Unknown') AS device_type, coalesce(v.browser, 'Unknown') AS browser,
           v.is_new_visitor, v.is_apply_page
    FROM live_visits v CROSS JOIN wanted
    LEFT JOIN live_ips i ON i.visitor_ip = v.visitor_ip
    LEFT JOIN live_referrers r ON r.ref = v.ref
    WHERE v.scopes & (all_m | page_m | hour_m | place_m | referrer_m | device_m) <> 0
  )
  SELECT coalesce(array_agg(ROW(p.scopes, p.day, p.dimension, p.key, p.visits, p.new_visits, p.apply_visits, p.visitors, p.first_ts, p.last_ts)::analytics_live_part), '{}')
  FROM (
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
    -- devices and browsers count visits only
    SELECT scopes, day, 'device', json_build_array(device_type, browser)::text, count(*)::int, (count(*) FILTER (WHERE is_new_visitor))::int,
           (count(*) FILTER (WHERE is_apply_page))::int, NULL::integer[], NULL, NULL
    FROM live, wanted WHERE scopes & device_m <> 0 GROUP BY scopes, day, device_type, browser
    UNION ALL
    SELECT scopes, NULL, 'ip', visitor_ip, count(*)::int, 0, 0, NULL, min("timestamp"), max("timestamp")
    FROM live_visits, wanted WHERE scopes & ip_m <> 0 AND visitor_ip <> 'unavailable' GROUP BY scopes, visitor_ip
  ) p
$$;--> statement-breakpoint

-- The figures of a range: its closed days [closed_from, closed_to) from cache entry `cache`
-- (analytics_range_cache_id, 0008) merged with `parts`, the live parts of the rest of the range
-- (analytics_live_parts). Same json, numbers, orders and ties as analytics_range_figures (0008).
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

-- Repeat visitors of [start_date, end_date), ranked exactly as analytics_repeat_visitors (0005)
-- ranks the raw visits: the closed days' per-IP counts from cache entry `cache` (a '{visitor}'
-- entry), the rest from the 'ip' rows of `parts`. When the closed part has repeat_limit IPs of at
-- least T ≥ 2 visits each, no IP of fewer than T visits in all is in the top. With H = T / 2, a
-- live IP of fewer than H live visits then needs more than T - H closed visits: it is among the
-- closed IPs of at least T - H visits (found by the visits index), so only those are merged with
-- the live IPs, and only live IPs of at least H visits outside them are looked up by key.
-- Otherwise (a small closed part, or T - H < 2) every live IP's cache row is looked up, with the
-- closed IPs of at least T visits (and at least two), as in 0008. Joins between the live IPs and
-- cache rows are FULL JOINs (hashed): the planner cannot know how many live IPs there are.
CREATE OR REPLACE FUNCTION analytics_repeat_visitors_of(
  cache integer, parts analytics_live_part[], start_date timestamptz, end_date timestamptz, repeat_limit integer)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  WITH live AS MATERIALIZED (
    SELECT p.key AS visitor_ip, sum(p.visits)::int AS visits, min(p.first_ts) AS first_ts, max(p.last_ts) AS last_ts
    FROM unnest(parts) p WHERE p.dimension = 'ip' GROUP BY p.key
  ), top AS (
    SELECT k.visits FROM analytics_range_cache_visitors k WHERE k.cache_id = cache ORDER BY k.visits DESC LIMIT repeat_limit
  ), threshold AS (
    -- visits: a closed-only IP needs two closed visits to be a repeat visitor at all
    SELECT greatest(coalesce(min(t.visits), 0), 2) AS visits,
           CASE WHEN count(*) = repeat_limit AND min(t.visits) - min(t.visits) / 2 >= 2 THEN min(t.visits) / 2 END AS heavy
    FROM top t
  ), pruned AS MATERIALIZED (
    -- closed IPs of at least T - H visits and the live IPs, side by side
    SELECT k.visitor_ip AS closed_ip, k.visits AS closed_visits, k.first_ts AS closed_first, k.last_ts AS closed_last,
           l.visitor_ip AS live_ip, l.visits AS live_visits, l.first_ts AS live_first, l.last_ts AS live_last
    FROM (SELECT k.* FROM analytics_range_cache_visitors k, threshold t
          WHERE t.heavy IS NOT NULL AND k.cache_id = cache AND k.visits >= t.visits - t.heavy) k
    FULL JOIN (SELECT l.* FROM live l, threshold t WHERE t.heavy IS NOT NULL) l ON l.visitor_ip = k.visitor_ip
  ), looked_up AS MATERIALIZED (
    -- live IPs with their closed counts: all of them, or (pruned) the heavy ones outside the closed IPs above
    SELECT l.visitor_ip, coalesce(k.visits, 0) + l.visits AS visits, least(k.first_ts, l.first_ts) AS first_ts, greatest(k.last_ts, l.last_ts) AS last_ts
    FROM (SELECT l.* FROM live l, threshold t WHERE t.heavy IS NULL
          UNION ALL
          SELECT p.live_ip, p.live_visits, p.live_first, p.live_last FROM pruned p, threshold t WHERE p.closed_ip IS NULL AND p.live_visits >= t.heavy) l
    LEFT JOIN LATERAL (
      SELECT k.visits, k.first_ts, k.last_ts FROM analytics_range_cache_visitors k WHERE k.cache_id = cache AND k.visitor_ip = l.visitor_ip
    ) k ON true
  ), closed_top AS MATERIALIZED (
    SELECT k.visitor_ip, k.visits, k.first_ts, k.last_ts FROM analytics_range_cache_visitors k, threshold t
    WHERE t.heavy IS NULL AND k.cache_id = cache AND k.visits >= t.visits
  ), merged AS (
    SELECT p.closed_ip AS visitor_ip, p.closed_visits + coalesce(p.live_visits, 0) AS visits,
           least(p.closed_first, p.live_first) AS first_ts, greatest(p.closed_last, p.live_last) AS last_ts
    FROM pruned p WHERE p.closed_ip IS NOT NULL
    UNION ALL
    -- a looked-up live IP already counts its closed visits
    SELECT coalesce(x.visitor_ip, c.visitor_ip), coalesce(x.visits, c.visits), coalesce(x.first_ts, c.first_ts), coalesce(x.last_ts, c.last_ts)
    FROM looked_up x FULL JOIN closed_top c ON c.visitor_ip = x.visitor_ip
  ), grouped AS (
    SELECT m.* FROM merged m WHERE m.visits > 1
    ORDER BY m.visits DESC, m.last_ts DESC, m.visitor_ip COLLATE "C" LIMIT repeat_limit
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
$$;--> statement-breakpoint

-- 0008's arguments and results, bodies from the functions above.
CREATE OR REPLACE FUNCTION analytics_range_figures_from(
  cache integer, closed_from date, closed_to date,
  head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz,
  internal_hosts text[], dimensions text[], location_limit integer, source_limit integer)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  SELECT analytics_figures_of(cache, closed_from, closed_to,
    analytics_live_parts(ARRAY[head_start, tail_start], ARRAY[head_end, tail_end], '{1,1}', dimensions, array_fill(1, ARRAY[cardinality(dimensions)])),
    internal_hosts, dimensions, location_limit, source_limit)
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION analytics_repeat_visitors_from(
  cache integer, head_start timestamptz, head_end timestamptz, tail_start timestamptz, tail_end timestamptz, repeat_limit integer)
RETURNS json
LANGUAGE sql STABLE SET work_mem = '32MB' SET jit = off AS $$
  SELECT analytics_repeat_visitors_of(cache,
    analytics_live_parts(ARRAY[head_start, tail_start], ARRAY[head_end, tail_end], '{1,1}', '{ip}', '{1}'),
    least(head_start, tail_start), greatest(head_end, tail_end), repeat_limit)
$$;--> statement-breakpoint

-- Everything of the dashboard's Analytics result that comes from the visits, in one read of the
-- live visits: the range (closed days [range_from, range_to), dimensions all, page, hour,
-- place, device), its traffic sources (closed days [sources_from, sources_to), referrer), its
-- repeat visitors ([range_start, range_end)) and today's totals and hours. The live visits are
-- the disjoint windows [starts[i], ends[i]), masks[i] saying whose they are: 1 the range, 2 the
-- traffic sources, 4 today. Returns {range, sources, repeat, today: {totals, hours}}: range and
-- sources as analytics_range_figures, repeat as analytics_repeat_visitors, totals as
-- periodTotals counts them and hours as hourlyVisitors (figures/raw-visit-queries.server.ts).
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
  parts analytics_live_part[] := analytics_live_parts(starts, ends, masks, '{all,page,hour,place,device,referrer,ip}', '{5,1,5,1,1,2,1}');
BEGIN
  RETURN json_build_object(
    'range', analytics_figures_of(range_cache, range_from, range_to, ARRAY(SELECT p::analytics_live_part FROM unnest(parts) p WHERE p.scopes & 1 <> 0),
                                  internal_hosts, range_dims, location_limit, source_limit),
    'sources', analytics_figures_of(sources_cache, sources_from, sources_to, ARRAY(SELECT p::analytics_live_part FROM unnest(parts) p WHERE p.scopes & 2 <> 0),
                                    internal_hosts, '{referrer}', location_limit, source_limit),
    'repeat', analytics_repeat_visitors_of(visitor_cache, ARRAY(SELECT p::analytics_live_part FROM unnest(parts) p WHERE p.scopes & 1 <> 0 AND p.dimension = 'ip'),
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
$$;
