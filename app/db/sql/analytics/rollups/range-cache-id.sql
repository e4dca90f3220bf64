-- From drizzle/0008_analytics_range_cache.sql:
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
$$;
