-- From drizzle/0014_analytics_hourly_rollups.sql:
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
