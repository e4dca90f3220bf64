-- From drizzle/0005_analytics_daily_rollups.sql
CREATE OR REPLACE FUNCTION analytics_referrer_category(referrer text, internal_hosts text[] DEFAULT '{}') RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(referrer, '') = '' THEN 'Direct' ELSE analytics_host_category(analytics_referrer_host(referrer), internal_hosts) END
$$;
