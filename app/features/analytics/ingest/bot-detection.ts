/**
 * Bot detection on the server (SPEC §5, §9): a visit is a bot's when its
 * user agent is empty, matches isbot's list, or matches one of the SPEC's keyword classes, or
 * when it comes from a known search-company crawler network. Bots are not recorded as visits,
 * and bot identification (maintenance) re-checks stored rows with the same function.
 */
import { isbot } from "isbot";

/** SPEC §9's keyword classes; each entry is a case-insensitive substring of the user agent. */
export const BOT_KEYWORDS = {
  searchCrawlers: [
    "googlebot", "google-inspectiontool", "adsbot-google", "mediapartners-google", "bingbot", "bingpreview", "msnbot",
    "slurp", "duckduckbot", "baiduspider", "yandex", "applebot", "petalbot", "sogou", "exabot", "seznambot",
    "ahrefsbot", "semrushbot", "mj12bot", "dotbot", "bytespider", "gptbot", "claudebot", "perplexitybot", "ccbot",
  ],
  socialPreviewBots: [
    "facebookexternalhit", "facebot", "meta-externalagent", "twitterbot", "linkedinbot", "whatsapp", "telegrambot",
    "slackbot", "discordbot", "pinterestbot", "skypeuripreview", "redditbot", "embedly", "vkshare",
  ],
  monitors: [
    "uptimerobot", "pingdom", "statuscake", "site24x7", "newrelicpinger", "datadog", "checkly", "betteruptime",
    "freshping", "uptime-kuma", "nagios", "zabbix", "gtmetrix", "monitor",
  ],
  headlessAndScripting: [
    "headlesschrome", "phantomjs", "puppeteer", "playwright", "selenium", "webdriver", "lighthouse", "python-requests",
    "python-urllib", "python-httpx", "aiohttp", "scrapy", "curl/", "wget/", "go-http-client", "java/", "okhttp",
    "axios/", "node-fetch", "undici", "libwww-perl", "httpclient", "postmanruntime", "insomnia", "httpie",
  ],
} as const;

const keywordList = Object.values(BOT_KEYWORDS).flat();

/** Crawler networks of search companies (published ranges, 2024-2025), as CIDR blocks. */
export const BOT_NETWORKS_V4 = [
  "66.249.64.0/19", // Googlebot
  "64.233.160.0/19", // Google crawl and preview
  "72.14.199.0/24", // Google
  "40.77.167.0/24", "157.55.39.0/24", "207.46.13.0/24", "13.66.139.0/24", "52.167.144.0/24", // Bingbot
  "5.255.231.0/24", "5.255.253.0/24", "77.88.5.0/24", "87.250.224.0/19", "213.180.203.0/24", // YandexBot
  "180.76.15.0/24", "220.181.108.0/24", "116.179.32.0/24", // Baiduspider
  "17.241.0.0/16", "17.22.237.0/24", // Applebot
  "114.119.128.0/19", // PetalBot
  "20.191.45.212/32", "40.88.21.235/32", "52.142.24.149/32", // DuckDuckBot
] as const;

/** IPv6 crawler prefixes, compared on the first 48 bits of the expanded address. */
export const BOT_NETWORKS_V6 = ["2001:4860:4801::/48", "2a02:6b8:0::/48"] as const;

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

const v4Blocks = BOT_NETWORKS_V4.map((cidr) => {
  const [base, bits] = cidr.split("/") as [string, string];
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(ipv4ToInt(base)! / size) * size;
  return { start, end: start + size - 1 };
});

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  if (!ip.includes(":")) return null;
  const [head = "", tail, extra] = ip.split("::");
  if (extra !== undefined) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":").map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = 8 - left.length - right.length;
  if (fill < 0 || (tail === undefined && fill !== 0)) return null;
  const groups = [...left, ...Array<number>(fill).fill(0), ...right];
  return groups.some(Number.isNaN) ? null : groups;
}

const v6Prefixes = BOT_NETWORKS_V6.map((cidr) => ipv6Groups(cidr.split("/")[0]!)!.slice(0, 3));

/** True when `ip` (IPv4, IPv6 or IPv4-mapped IPv6) lies in a known crawler network. */
export function isBotIp(ip: string | null | undefined): boolean {
  if (!ip) return false;
  const v4 = ipv4ToInt(ip.startsWith("::ffff:") ? ip.slice(7) : ip);
  if (v4 !== null) return v4Blocks.some((b) => v4 >= b.start && v4 <= b.end);
  const groups = ipv6Groups(ip);
  return groups !== null && v6Prefixes.some((p) => p.every((g, i) => groups[i] === g));
}

/** The keyword class a user agent matches, or null. */
export function botKeywordClass(userAgent: string): keyof typeof BOT_KEYWORDS | null {
  const ua = userAgent.toLowerCase();
  for (const [name, words] of Object.entries(BOT_KEYWORDS)) {
    if (words.some((w) => ua.includes(w))) return name as keyof typeof BOT_KEYWORDS;
  }
  return null;
}

/** True for an empty user agent, one isbot recognises, or one in a SPEC keyword class. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim() ?? "";
  if (ua === "") return true;
  if (isbot(ua)) return true;
  const lower = ua.toLowerCase();
  return keywordList.some((w) => lower.includes(w));
}

/** The whole check: user agent or network. */
export function isBotVisit(userAgent: string | null | undefined, ip: string | null | undefined): boolean {
  return isBotUserAgent(userAgent) || isBotIp(ip);
}
