/**
 * The analytics dashboard's figures computed straight from raw visitor_analytics rows, written
 * apart from the app's SQL and TypeScript so the end-to-end test checks one against the other.
 * Days and hours are India's (UTC+05:30); bots are rows with is_bot true.
 */
export type RawVisit = {
  id: number;
  ip: string;
  session: string;
  page: string;
  country: string | null;
  region: string | null;
  city: string | null;
  referrer: string | null;
  device: string | null;
  browser: string | null;
  apply: boolean;
  fresh: boolean;
  bot: boolean | null;
  userAgent: string | null;
  ts: number;
};

const DAY = 86_400_000;
const IST = 19_800_000;
export const istDay = (ms: number) => new Date(ms + IST).toISOString().slice(0, 10);
export const istHour = (ms: number) => new Date(ms + IST).getUTCHours();
const midnight = (day: string) => Date.parse(`${day}T00:00:00+05:30`);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const RANGE_DAYS = { today: 1, "7days": 7, "30days": 30, "90days": 90 } as const;
/** SPEC §9: the traffic-source lists look back this many days from now. */
const DAYS_BACK = { today: 2, "7days": 7, "30days": 30, "90days": 90 } as const;
export type OracleRange = keyof typeof RANGE_DAYS;

function totals(rows: RawVisit[]) {
  return {
    visits: rows.length,
    unique: new Set(rows.map((r) => r.ip)).size,
    apply: rows.filter((r) => r.apply).length,
    fresh: rows.filter((r) => r.fresh).length,
    returning: rows.filter((r) => !r.fresh).length,
  };
}

function peak(rows: RawVisit[], maxHour: number): number | null {
  const counts = new Array<number>(24).fill(0);
  for (const r of rows) counts[istHour(r.ts)]!++;
  let best: number | null = null;
  for (let h = 0; h <= maxHour; h++) if (counts[h]! > 0 && (best === null || counts[h]! > counts[best]!)) best = h;
  return best;
}

/** The SPEC §9 category of one of the seeded referrers, judged by its host. */
export function category(referrer: string | null): string {
  if (!referrer) return "Direct";
  const host = new URL(referrer).hostname.replace(/^www\./, "");
  if (host === "localhost") return "Development";
  if (/^(google\.|bing\.|duckduckgo\.)/.test(host)) return "Search Engines";
  if (/(^|\.)(facebook\.com|instagram\.com|youtube\.com|whatsapp\.com|t\.co)$/.test(host)) return "Social Media";
  return "Other Websites";
}

function grouped<K>(rows: RawVisit[], key: (r: RawVisit) => K & string) {
  const map = new Map<string, RawVisit[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return [...map.entries()];
}

/** Every figure the dashboard shows for `range`, as of the instant `asOf` (ms). */
export function expectedFigures(all: RawVisit[], range: OracleRange, asOf: number) {
  const humans = all.filter((r) => r.bot !== true);
  const today = istDay(asOf);
  const days = RANGE_DAYS[range];
  const firstDay = addDays(today, -(days - 1));
  const start = midnight(firstDay);
  const end = midnight(addDays(today, 1));
  const shift = end - start;
  const inRange = humans.filter((r) => r.ts >= start && r.ts < end);
  const previous = humans.filter((r) => r.ts >= start - shift && r.ts < Math.min(end, asOf) - shift);
  const todays = humans.filter((r) => r.ts >= midnight(today) && r.ts < end);
  const yesterdays = humans.filter((r) => r.ts >= midnight(addDays(today, -1)) && r.ts < midnight(today));

  const daily = Array.from({ length: days }, (_, i) => {
    const day = addDays(firstDay, i);
    const rows = inRange.filter((r) => istDay(r.ts) === day);
    return { day, ...totals(rows) };
  });
  const hourly = Array.from({ length: 24 }, (_, h) => inRange.filter((r) => istHour(r.ts) === h).length);
  const counted = (key: (r: RawVisit) => string) =>
    grouped(inRange, key)
      .map(([name, rows]) => ({ name, count: rows.length }))
      .sort((a, b) => b.count - a.count || byText(a.name, b.name));
  const sinceDaysBack = humans.filter((r) => r.ts >= asOf - DAYS_BACK[range] * DAY);
  const categories = ["Direct", "Search Engines", "Social Media", "Internal", "Other Websites", "Development"].map((name) => ({
    name,
    count: sinceDaysBack.filter((r) => category(r.referrer) === name).length,
  }));
  const referrers = grouped(sinceDaysBack.filter((r) => r.referrer), (r) => `${new URL(r.referrer!).hostname.replace(/^www\./, "")}|${category(r.referrer)}`)
    .map(([key, rows]) => ({ source: key.split("|")[0]!, category: key.split("|")[1]!, count: rows.length }))
    .sort((a, b) => b.count - a.count || byText(a.source, b.source) || byText(a.category, b.category))
    .slice(0, 10);
  const locations = grouped(inRange, (r) => `${r.country ?? "Unknown"}|${r.region ?? ""}|${r.city ?? "Unknown"}`)
    .map(([key, rows]) => {
      const [country, region, city] = key.split("|") as [string, string, string];
      return { country, region, city, count: rows.length };
    })
    .sort((a, b) => b.count - a.count || byText(a.country, b.country) || byText(a.region, b.region) || byText(a.city, b.city))
    .slice(0, 10);
  const pages = counted((r) => r.page).slice(0, 10);
  const repeat = grouped(inRange.filter((r) => r.ip !== "unavailable"), (r) => r.ip)
    .filter(([, rows]) => rows.length > 1)
    .map(([ip, rows]) => ({ ip, visits: rows.length, sessions: new Set(rows.map((r) => r.session)).size, last: Math.max(...rows.map((r) => r.ts)) }))
    .sort((a, b) => b.visits - a.visits || b.last - a.last || byText(a.ip, b.ip))
    .slice(0, 50);

  const t = totals(inRange);
  const p = totals(previous);
  return {
    firstDay,
    headline: { total: t.visits, unique: t.unique, apply: t.apply, fresh: t.fresh, returning: t.returning },
    previous: { total: p.visits, unique: p.unique, apply: p.apply, fresh: p.fresh, returning: p.returning },
    peakHour: peak(todays, istHour(asOf)),
    yesterdayPeakHour: peak(yesterdays, 23),
    daily,
    hourly,
    devices: counted((r) => r.device ?? "Unknown"),
    browsers: counted((r) => r.browser ?? "Unknown"),
    categories,
    referrers,
    locations,
    pages,
    repeat,
  };
}

/** The SPEC §3 Analytics summary and the realtime count at `asOf`. */
export function expectedSummary(all: RawVisit[], asOf: number) {
  const bots = all.filter((r) => r.bot === true).length;
  const recent = all.filter((r) => r.bot !== true && r.ts >= asOf - DAY);
  const lastFive = all.filter((r) => r.bot !== true && r.ts >= asOf - 5 * 60_000 && r.ts <= asOf);
  return {
    total: all.length,
    bots,
    humans: all.filter((r) => r.bot === false).length,
    unprocessed: all.filter((r) => r.bot === null).length,
    botPercentage: all.length === 0 ? 0 : Math.round((bots / all.length) * 10_000) / 100,
    recent: { total: recent.length, fresh: recent.filter((r) => r.fresh).length },
    realtime: new Set(lastFive.map((r) => r.ip)).size,
  };
}
