-- From drizzle/0014_analytics_hourly_rollups.sql:
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
$$;
