-- From drizzle/0012_analytics_one_live_pass.sql:
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
$$;
