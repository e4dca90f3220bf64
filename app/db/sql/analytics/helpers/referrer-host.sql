-- From drizzle/0003_analytics_functions.sql:
-- One expression (no FROM), so the planner inlines it.
CREATE OR REPLACE FUNCTION analytics_referrer_host(referrer text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    translate(
      substring(referrer FROM '^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:@]+)'),
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
    '^www\.', '')
$$;
