-- From drizzle/0014_analytics_hourly_rollups.sql:
-- Union of sorted visitor sets, as an aggregate: one linear merge per set (intarray's `|`), where
-- analytics_int_concat (0005) concatenates all of them and sorts once.
CREATE AGGREGATE analytics_int_union(integer[]) (SFUNC = intarray._int_union, STYPE = integer[], INITCOND = '{}');
