import { describe, expect, it } from "vitest";
import { DEVELOPMENT_PLACEHOLDER_IP, visitorIpOf } from "./client-ip";

describe("visitor IP", () => {
  it("gives localhost the development placeholder", () => {
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "", undefined]) expect(visitorIpOf(ip)).toBe(DEVELOPMENT_PLACEHOLDER_IP);
  });
  it("keeps real addresses, unwrapping IPv4-mapped IPv6", () => {
    expect(visitorIpOf("49.37.10.20")).toBe("49.37.10.20");
    expect(visitorIpOf("::ffff:49.37.10.20")).toBe("49.37.10.20");
    expect(visitorIpOf("2401:4900::1")).toBe("2401:4900::1");
  });
});
