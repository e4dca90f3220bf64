import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REQUIRED_IN_PRODUCTION, SAMPLE_ADMIN_EMAIL, missingVariablesMessage, parseConfig } from "./config.server";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "kva-config-"));

const production = {
  NODE_ENV: "production",
  PUBLIC_SITE_URL: "https://www.kva-school.example/",
  AUTH_SECRET: "a".repeat(40),
  ADMIN_EMAIL: "Office@KVA-School.example",
  RECEIPT_SECRET: "r".repeat(40),
};

describe("parseConfig in development", () => {
  it("needs nothing and keeps generated secrets in DATA_DIR across starts", () => {
    const dir = tmp();
    const first = parseConfig({ DATA_DIR: dir });
    expect(first.production).toBe(false);
    expect(first.missing).toEqual([]);
    expect(first.port).toBe(3000);
    expect(first.host).toBe("127.0.0.1");
    expect(first.publicSiteUrl).toBe("http://localhost:3000");
    expect(first.adminEmail).toBe(SAMPLE_ADMIN_EMAIL);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.paymentProvider).toBe("mock");
    expect(first.rateLimits).toEqual({ posts: 300, beacons: 1200, rendered: 600, static: 12000 });
    expect(first.authSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first.authSecret);
    const second = parseConfig({ DATA_DIR: dir });
    expect(second.authSecret).toBe(first.authSecret);
    expect(second.receiptSecret).toBe(first.receiptSecret);
    expect(second.receiptSecret).not.toBe(second.authSecret);
  });
});

describe("APP_ENV, the configuration apart from the rendering mode", () => {
  it("keeps the development defaults when only the rendering runs as production, and defaults to NODE_ENV", () => {
    expect(parseConfig({ APP_ENV: "development", NODE_ENV: "production", DATA_DIR: tmp() })).toMatchObject({ production: false, missing: [] });
    expect(parseConfig({ APP_ENV: "production", DATA_DIR: tmp() }).missing).toEqual([...REQUIRED_IN_PRODUCTION]);
    expect(parseConfig({ NODE_ENV: "production", DATA_DIR: tmp() }).production).toBe(true);
    expect(parseConfig({ APP_ENV: "staging", DATA_DIR: tmp() }).invalid).toEqual([expect.stringMatching(/^APP_ENV: /)]);
  });
});

describe("parseConfig in production", () => {
  it("is complete with the four required variables, normalising the URL and e-mail", () => {
    const c = parseConfig({ ...production, DATA_DIR: tmp(), PORT: "8080", TRUST_PROXY: "1" });
    expect(c.missing).toEqual([]);
    expect(c.publicSiteUrl).toBe("https://www.kva-school.example");
    expect(c.adminEmail).toBe("office@kva-school.example");
    expect(c.port).toBe(8080);
    expect(c.trustProxy).toBe(1);
  });

  it("lists every missing required variable, in a stable order, and never generates secrets", () => {
    const dir = tmp();
    const c = parseConfig({ NODE_ENV: "production", DATA_DIR: dir });
    expect(c.missing).toEqual([...REQUIRED_IN_PRODUCTION]);
    expect(c.authSecret).toBe("");
    expect(missingVariablesMessage(c.missing)).toBe(
      "Missing required environment variables: PUBLIC_SITE_URL, AUTH_SECRET, ADMIN_EMAIL, RECEIPT_SECRET",
    );
  });

  it("treats a blank or malformed required variable as missing and says why", () => {
    const c = parseConfig({ ...production, DATA_DIR: tmp(), PUBLIC_SITE_URL: "not a url", AUTH_SECRET: "  " , ADMIN_EMAIL: "nobody" });
    expect(c.missing).toEqual(["PUBLIC_SITE_URL", "AUTH_SECRET", "ADMIN_EMAIL"]);
    expect(c.invalid.map((line) => line.split(":")[0])).toEqual(["PUBLIC_SITE_URL", "ADMIN_EMAIL"]);
  });

  it("falls back to defaults for malformed optional numbers instead of failing to start", () => {
    const c = parseConfig({ ...production, DATA_DIR: tmp(), PORT: "eighty", DATABASE_URL: "postgres://u@db.example:5432/kva" });
    expect(c.port).toBe(3000);
    expect(c.invalid).toEqual([expect.stringMatching(/^PORT: /)]);
    expect(c.databaseUrl).toBe("postgres://u@db.example:5432/kva");
  });

  it("reads each rate-limit tier and keeps the default of a malformed one", () => {
    const c = parseConfig({ ...production, DATA_DIR: tmp(), RATE_LIMIT_POSTS: "5", RATE_LIMIT_BEACONS: "300", RATE_LIMIT_RENDERED: "0", RATE_LIMIT_STATIC: "50000" });
    expect(c.rateLimits).toEqual({ posts: 5, beacons: 300, rendered: 600, static: 50000 });
    expect(c.invalid).toEqual([expect.stringMatching(/^RATE_LIMIT_RENDERED: /)]);
  });
});
