-- From drizzle/0014_analytics_hourly_rollups.sql:
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
$$;
