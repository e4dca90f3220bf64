/**
 * Referrer sources and the six SPEC §9 categories (Direct, Search Engines, Social Media,
 * Internal, Other Websites, Development). The SQL functions analytics_referrer_host
 * (drizzle/0003_analytics_functions.sql) and analytics_host_category, which
 * analytics_referrer_category uses (drizzle/0005_analytics_daily_rollups.sql), implement exactly the
 * same rules with the same regular expressions; a property test on both drivers keeps the
 * twins equal, so change both together.
 */

export const REFERRER_CATEGORIES = ["Direct", "Search Engines", "Social Media", "Internal", "Other Websites", "Development"] as const;
export type ReferrerCategory = (typeof REFERRER_CATEGORIES)[number];

/** Shown for a referrer that is present but has no readable host (SPEC §8). */
export const UNKNOWN_SOURCE = "Unknown Source";

// These four patterns are copied into the SQL functions; both engines read them the same way
// (POSIX-style ARE in PostgreSQL, ECMAScript here): keep them to that common subset.
const HOST_PATTERN = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:@]+)/s;
const DEVELOPMENT_PATTERN = /^(localhost|.*\.localhost|.*\.local|127\.[0-9.]+|0\.0\.0\.0|\[::1\]|10\.[0-9.]+|192\.168\.[0-9.]+|172\.(1[6-9]|2[0-9]|3[01])\.[0-9.]+)$/s;
const SEARCH_PATTERN = /^(.*\.)?(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|ask|aol|naver|qwant|startpage|sogou)(\.[a-z]{2,3}){1,2}$|^search\.brave\.com$/s;
const SOCIAL_PATTERN = /^(.*\.)?(facebook\.com|fb\.com|fb\.me|instagram\.com|twitter\.com|x\.com|t\.co|linkedin\.com|lnkd\.in|youtube\.com|youtu\.be|whatsapp\.com|wa\.me|pinterest\.com|reddit\.com|telegram\.org|t\.me|quora\.com|snapchat\.com|threads\.net|tiktok\.com)$/s;

/** ASCII-only lower case: PostgreSQL's lower() under the C locale folds nothing else. */
function asciiLower(value: string): string {
  return value.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}


/**
 * The host of a referrer URL in ASCII lower case without a leading "www.", e.g.
 * "https://WWW.Google.co.in/search?q=x" → "google.co.in". Null for an empty referrer or one
 * without a scheme and host.
 */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  const match = HOST_PATTERN.exec(referrer);
  if (!match?.[1]) return null;
  const host = asciiLower(match[1]);
  return host.startsWith("www.") ? host.slice(4) : host;
}

/**
 * The SPEC §9 category of a referrer. `internalHosts` are the site's own hosts, lower case and
 * without "www." (e.g. ["kva-school.example"]). An empty referrer is Direct; a present but
 * unreadable one is Other Websites.
 */
export function referrerCategory(referrer: string | null | undefined, internalHosts: readonly string[]): ReferrerCategory {
  if (!referrer) return "Direct";
  const host = referrerHost(referrer);
  if (host === null) return "Other Websites";
  if (DEVELOPMENT_PATTERN.test(host)) return "Development";
  if (internalHosts.includes(host)) return "Internal";
  if (SEARCH_PATTERN.test(host)) return "Search Engines";
  if (SOCIAL_PATTERN.test(host)) return "Social Media";
  return "Other Websites";
}

/** The source name shown for a referrer: its host, "Unknown Source", or null when direct. */
export function referrerSource(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  return referrerHost(referrer) ?? UNKNOWN_SOURCE;
}

/** The site's own hosts for `internalHosts`, from PUBLIC_SITE_URL (and the request host). */
export function internalHostsOf(...urlsOrHosts: (string | undefined | null)[]): string[] {
  const hosts = new Set<string>();
  for (const value of urlsOrHosts) {
    if (!value) continue;
    const host = referrerHost(value.includes("://") ? value : `http://${value}`);
    if (host) hosts.add(host);
  }
  return [...hosts];
}

/** The regular expressions above as SQL string literals' contents, for the migration test. */
export const REFERRER_PATTERNS = {
  host: HOST_PATTERN.source,
  development: DEVELOPMENT_PATTERN.source,
  search: SEARCH_PATTERN.source,
  social: SOCIAL_PATTERN.source,
};
