-- From drizzle/0005_analytics_daily_rollups.sql:
-- The SPEC §9 category of a referrer host (already lower-case, without "www."): the part of
-- analytics_referrer_category after the host is read. Both now use this one copy.
CREATE OR REPLACE FUNCTION analytics_host_category(h text, internal_hosts text[] DEFAULT '{}') RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN h IS NULL THEN 'Other Websites'
    WHEN h ~ '^(localhost|.*\.localhost|.*\.local|127\.[0-9.]+|0\.0\.0\.0|\[::1\]|10\.[0-9.]+|192\.168\.[0-9.]+|172\.(1[6-9]|2[0-9]|3[01])\.[0-9.]+)$' THEN 'Development'
    WHEN h = ANY (internal_hosts) THEN 'Internal'
    WHEN h ~ '^(.*\.)?(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|ask|aol|naver|qwant|startpage|sogou)(\.[a-z]{2,3}){1,2}$|^search\.brave\.com$' THEN 'Search Engines'
    WHEN h ~ '^(.*\.)?(facebook\.com|fb\.com|fb\.me|instagram\.com|twitter\.com|x\.com|t\.co|linkedin\.com|lnkd\.in|youtube\.com|youtu\.be|whatsapp\.com|wa\.me|pinterest\.com|reddit\.com|telegram\.org|t\.me|quora\.com|snapchat\.com|threads\.net|tiktok\.com)$' THEN 'Social Media'
    ELSE 'Other Websites'
  END
$$;
