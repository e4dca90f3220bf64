import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./origin-check";

const site = "https://www.kva-school.example";

describe("isCrossSiteWrite", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteWrite("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, site, "www.kva-school.example")).toBe(false);
  });
  it("refuses writes that the browser marks cross-site", () => {
    expect(isCrossSiteWrite("POST", { "sec-fetch-site": "cross-site" }, site, "www.kva-school.example")).toBe(true);
  });
  it("refuses writes from another origin, an opaque origin or a malformed one", () => {
    expect(isCrossSiteWrite("POST", { origin: "https://evil.example" }, site, "www.kva-school.example")).toBe(true);
    expect(isCrossSiteWrite("DELETE", { origin: "null" }, site, "www.kva-school.example")).toBe(true);
    expect(isCrossSiteWrite("POST", { origin: "not a url" }, site, "www.kva-school.example")).toBe(true);
  });
  it("accepts writes from the public site or the request's own host", () => {
    expect(isCrossSiteWrite("POST", { origin: site, "sec-fetch-site": "same-origin" }, site, "10.0.0.5:3000")).toBe(false);
    expect(isCrossSiteWrite("POST", { origin: "http://localhost:3000" }, site, "localhost:3000")).toBe(false);
  });
  it("accepts writes without browser headers (server-to-server webhooks)", () => {
    expect(isCrossSiteWrite("POST", {}, site, "www.kva-school.example")).toBe(false);
  });
});
