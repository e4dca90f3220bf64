-- From drizzle/0005_analytics_daily_rollups.sql:
-- Union of visitor sets, as an aggregate: concatenation here, sorting and de-duplication once
-- at the end (intarray.uniq(intarray.sort(...))).
CREATE AGGREGATE analytics_int_concat(integer[]) (SFUNC = array_cat, STYPE = integer[], INITCOND = '{}');
