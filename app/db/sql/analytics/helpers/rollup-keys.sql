-- From drizzle/0005_analytics_daily_rollups.sql:
-- The rollup keys of one visit, one row per dimension. The rollup builder and the live part of
-- a range both use this, so their keys are the same.
CREATE OR REPLACE FUNCTION analytics_rollup_keys(page text, at timestamptz, country text, region text, city text, referrer_key text, device_type text, browser text)
RETURNS TABLE (dimension text, key text)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  VALUES ('all', ''), ('page', page), ('hour', analytics_ist_hour(at)::text),
    ('place', json_build_array(coalesce(country, 'Unknown'), coalesce(region, ''), coalesce(city, 'Unknown'))::text),
    ('referrer', referrer_key),
    ('device', json_build_array(coalesce(device_type, 'Unknown'), coalesce(browser, 'Unknown'))::text)
$$;
