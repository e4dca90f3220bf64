import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/lib/config.server";
import { DEVELOPMENT_PLACEHOLDER_IP } from "./client-ip";
import { locate, lookupHttp, lookupOffline } from "./geolocation.server";

describe("geolocation (SPEC §7; DESIGN.md §8)", () => {
  let server: Server;
  let origin = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith("/slow/")) return void setTimeout(() => res.end("{}"), 500);
      if (req.url?.startsWith("/broken/")) return void res.writeHead(500).end();
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ ip: req.url?.split("/")[2], country_name: "India", region: "West Bengal", city: "Kharagpur" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("finds country, region and city offline (DB-IP Lite), IPv4 and IPv6", async () => {
    expect(await lookupOffline("8.8.8.8")).toMatchObject({ country: "United States" });
    const india = await lookupOffline("103.21.58.1");
    expect(india.country).toBe("India");
    expect(india.region).toBeTruthy();
    expect((await lookupOffline("2001:4860:4860::8888")).country).toBeTruthy();
    expect(await lookupOffline("not-an-ip")).toEqual({ country: null, region: null, city: null });
    // The first look-up opens the city database (about 130 MB): seconds on a busy machine.
  }, 30_000);

  it("reads the SPEC's fields from an HTTP provider, and gives up on errors and after the timeout", async () => {
    expect(await lookupHttp("49.37.1.1", `${origin}/ok/{ip}`)).toEqual({ country: "India", region: "West Bengal", city: "Kharagpur" });
    expect(await lookupHttp("49.37.1.1", `${origin}/broken/{ip}`)).toBeNull();
    expect(await lookupHttp("49.37.1.1", `${origin}/slow/{ip}`, 100)).toBeNull();
  });

  it("falls back to the offline database when the provider fails, and places localhost in Development", async () => {
    expect((await locate("103.21.58.1", `${origin}/broken/{ip}`)).country).toBe("India");
    expect(await locate(DEVELOPMENT_PLACEHOLDER_IP)).toEqual({ country: "Development", region: null, city: "Localhost" });
  });

  it("GEO_PROVIDER_URL must be a URL with {ip}", () => {
    expect(parseConfig({ GEO_PROVIDER_URL: "https://ipapi.example/{ip}/json/", DATA_DIR: "/tmp/kva-geo-config" }).geoProviderUrl).toBe("https://ipapi.example/{ip}/json/");
    const bad = parseConfig({ GEO_PROVIDER_URL: "https://ipapi.example/json/", DATA_DIR: "/tmp/kva-geo-config" });
    expect(bad.geoProviderUrl).toBeUndefined();
    expect(bad.invalid[0]).toMatch(/^GEO_PROVIDER_URL: /);
  });
});
