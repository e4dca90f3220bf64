/**
 * Browser, operating system and device type from a user agent with bowser (MIT; DESIGN.md §2),
 * mapped to SPEC §9's values. Server only: bowser stays out of the browser bundle.
 */
import Bowser from "bowser";

export const BROWSERS = ["Edge", "Chrome", "Firefox", "Safari", "Opera", "Internet Explorer", "Brave", "Samsung Browser", "UC Browser", "Other"] as const;
export type BrowserName = (typeof BROWSERS)[number];
export const DEVICE_TYPES = ["desktop", "mobile", "tablet"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

const BROWSER_NAMES: Record<string, BrowserName> = {
  "Microsoft Edge": "Edge",
  Chrome: "Chrome",
  Chromium: "Chrome",
  Firefox: "Firefox",
  Focus: "Firefox",
  Safari: "Safari",
  Opera: "Opera",
  "Opera Coast": "Opera",
  "Internet Explorer": "Internet Explorer",
  Brave: "Brave",
  "Samsung Internet for Android": "Samsung Browser",
  "UC Browser": "UC Browser",
};

export type ParsedUserAgent = {
  browser: BrowserName;
  /** Operating system name as bowser gives it ("Windows", "Android", "iOS", "macOS"…), or "Other". */
  os: string;
  deviceType: DeviceType;
  isMobile: boolean;
};

/**
 * Parses a user agent. Brave announces itself only sometimes ("Brave/1.x"), so that token is
 * checked first. Platforms bowser cannot place (TV, unknown) count as desktop. Never throws.
 */
export function parseUserAgent(userAgent: string): ParsedUserAgent {
  let result: Bowser.Parser.ParsedResult | undefined;
  try {
    result = Bowser.parse(userAgent);
  } catch {
    result = undefined;
  }
  const browser: BrowserName = /\bBrave\b/i.test(userAgent) ? "Brave" : (BROWSER_NAMES[result?.browser.name ?? ""] ?? "Other");
  const platform = result?.platform.type;
  const deviceType: DeviceType = platform === "mobile" ? "mobile" : platform === "tablet" ? "tablet" : "desktop";
  return { browser, os: result?.os.name || "Other", deviceType, isMobile: deviceType !== "desktop" };
}
