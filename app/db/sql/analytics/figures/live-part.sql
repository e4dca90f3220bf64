-- From drizzle/0012_analytics_one_live_pass.sql
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
);
