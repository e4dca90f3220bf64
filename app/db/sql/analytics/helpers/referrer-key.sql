-- From drizzle/0005_analytics_daily_rollups.sql:
-- The rollup key of a referrer: its host, '' for a direct visit, '?' for a referrer without a
-- readable host ('?' cannot be part of a host). Slow (regular expressions): callers apply it once
-- per distinct referrer.
CREATE OR REPLACE FUNCTION analytics_referrer_key(referrer text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(referrer, '') = '' THEN '' ELSE coalesce(analytics_referrer_host(referrer), '?') END
$$;
