import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REFERRER_PATTERNS, internalHostsOf, referrerCategory, referrerHost, referrerSource } from "./referrer";

const SITE = ["kva-school.example"];

describe("referrer categories (SPEC §9)", () => {
  it.each([
    [null, "Direct"],
    ["", "Direct"],
    ["https://www.google.co.in/search?q=kva", "Search Engines"],
    ["https://www.bing.com/", "Search Engines"],
    ["https://duckduckgo.com/", "Search Engines"],
    ["https://search.brave.com/search?q=x", "Search Engines"],
    ["https://l.facebook.com/l.php?u=x", "Social Media"],
    ["https://m.facebook.com/", "Social Media"],
    ["https://t.co/abc", "Social Media"],
    ["https://www.youtube.com/watch?v=1", "Social Media"],
    ["https://wa.me/919000000000", "Social Media"],
    ["https://www.instagram.com/", "Social Media"],
    ["https://kva-school.example/overview", "Internal"],
    ["https://www.kva-school.example/apply", "Internal"],
    ["http://localhost:3000/", "Development"],
    ["http://127.0.0.1:5173/x", "Development"],
    ["http://192.168.1.10/", "Development"],
    ["http://[::1]:3000/", "Development"],
    ["https://schools.example.org/list", "Other Websites"],
    ["https://notgoogle.com/", "Other Websites"],
    ["android-app://com.google.android.gm/", "Other Websites"],
    ["not a url", "Other Websites"],
  ])("%s → %s", (referrer, category) => {
    expect(referrerCategory(referrer, SITE)).toBe(category);
  });

  it("reads the host in ASCII lower case without www. and user info", () => {
    expect(referrerHost("HTTPS://User:pw@WWW.Example.COM:8080/a?b#c")).toBe("example.com");
    expect(referrerHost("ftp://files.example")).toBe("files.example");
    expect(referrerHost("/relative")).toBeNull();
    expect(referrerSource("garbage")).toBe("Unknown Source");
    expect(referrerSource(null)).toBeNull();
  });

  it("derives the site's own hosts from PUBLIC_SITE_URL and the request host", () => {
    expect(internalHostsOf("https://www.kva-school.example", "localhost:3000", undefined)).toEqual(["kva-school.example", "localhost"]);
  });

  it("uses the very same regular expressions as the SQL functions", () => {
    // analytics_referrer_host is defined in 0003; analytics_host_category, with the other three, last in 0005.
    const migration = (name: string) => readFileSync(path.resolve(`drizzle/${name}.sql`), "utf8");
    const { host, ...categories } = REFERRER_PATTERNS;
    expect(migration("0003_analytics_functions")).toContain(`'${host}'`);
    for (const source of Object.values(categories)) expect(migration("0005_analytics_daily_rollups")).toContain(`'${source}'`);
  });
});
