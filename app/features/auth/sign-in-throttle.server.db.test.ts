/**
 * The sign-in throttle on a real database (PGlite, or PostgreSQL with DATABASE_URL): the growing
 * delay per account and client, the hourly limits for clients without a device cookie
 * (ASVS 2.2.1), claims that parallel attempts cannot slip past, and IPv6 networks counted as one.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-throttle-"));

const { getDatabase } = await import("~/db/client.server");
const { claimSignInAttempt, delayAfter, FREE_FAILURES, MAX_FAILURES_PER_HOUR, settleSignInAttempt } = await import("./sign-in-throttle.server");

const run = Date.now().toString(36);
let seq = 0;
const account = () => `throttle-${run}-${seq++}@test.example`;
type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;

/** `n` failed attempts of one client, one a second apart from `start` (ms); returns the next free instant. */
async function fail(client: { email: string; ip: string; device: string | null }, n: number, start: number): Promise<number> {
  let t = start;
  for (let i = 0; i < n; i++) {
    let claim = await claimSignInAttempt(db, client, new Date(t));
    if (!claim.ok) {
      t += claim.retryAfterMs;
      claim = await claimSignInAttempt(db, client, new Date(t));
    }
    expect(claim.ok).toBe(true);
    t += 1000;
  }
  return t;
}

describe("sign-in throttle", () => {
  beforeAll(async () => {
    db = (await getDatabase()).db;
  });
  afterAll(async () => {
    await (await getDatabase()).close();
  });

  it("gives a client five failures, then doubles its wait up to 15 minutes; a success clears it", async () => {
    const client = { email: account(), ip: "203.0.113.1", device: null };
    const t0 = Date.parse("2026-11-20T10:00:00Z");
    for (let i = 0; i < FREE_FAILURES; i++) expect((await claimSignInAttempt(db, client, new Date(t0 + i))).ok).toBe(true);
    const waits: number[] = [];
    let t = t0 + FREE_FAILURES;
    for (let i = 0; i < 12; i++) {
      const refused = await claimSignInAttempt(db, client, new Date(t));
      expect(refused.ok).toBe(false);
      waits.push((refused as { retryAfterMs: number }).retryAfterMs);
      t += (refused as { retryAfterMs: number }).retryAfterMs;
      // One millisecond early is still too early; on time is allowed.
      expect((await claimSignInAttempt(db, client, new Date(t - 1))).ok).toBe(false);
      expect((await claimSignInAttempt(db, client, new Date(t))).ok).toBe(true);
    }
    expect(waits.map((w) => Math.round(w / 1000))).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // Another client on the same account is not slowed by this one.
    expect((await claimSignInAttempt(db, { ...client, ip: "203.0.113.2" }, new Date(t))).ok).toBe(true);
    // A success clears the client's record: five free attempts again.
    const claim = await claimSignInAttempt(db, client, new Date(t + 900_000));
    expect(claim.ok).toBe(true);
    await settleSignInAttempt(db, claim as Extract<typeof claim, { ok: true }>, "success");
    for (let i = 0; i < FREE_FAILURES; i++) expect((await claimSignInAttempt(db, client, new Date(t + 900_001 + i))).ok).toBe(true);
  });

  it("forgets a client's failures after a day, and withdraws a claim whose password could not be checked", async () => {
    const client = { email: account(), ip: "203.0.113.3", device: null };
    const t0 = Date.parse("2026-11-20T10:00:00Z");
    const after = await fail(client, FREE_FAILURES + 3, t0);
    expect((await claimSignInAttempt(db, client, new Date(after))).ok).toBe(false);
    expect((await claimSignInAttempt(db, client, new Date(after + 24 * 3_600_000))).ok).toBe(true);

    const other = { email: account(), ip: "203.0.113.4", device: null };
    for (let i = 0; i < FREE_FAILURES; i++) {
      const claim = await claimSignInAttempt(db, other, new Date(t0 + i));
      await settleSignInAttempt(db, claim as Extract<typeof claim, { ok: true }>, "unchecked");
    }
    expect((await claimSignInAttempt(db, other, new Date(t0 + 10))).ok).toBe(true);
  });

  it("lets only one of ten parallel attempts through once the free failures are used", async () => {
    const client = { email: account(), ip: "203.0.113.5", device: null };
    const t0 = Date.parse("2026-11-20T10:00:00Z");
    const next = await fail(client, FREE_FAILURES, t0);
    const at = new Date(next + 5_000);
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimSignInAttempt(db, client, at)));
    expect(claims.filter((c) => c.ok)).toHaveLength(1);
  });

  it("allows 100 failures an hour per account from clients without its device cookie, and 100 per IP over all accounts", async () => {
    const t0 = Date.parse("2026-11-20T12:00:00Z");
    const email = account();
    for (let i = 0; i < MAX_FAILURES_PER_HOUR; i++) expect((await claimSignInAttempt(db, { email, ip: `198.51.100.${i}`, device: null }, new Date(t0 + i))).ok).toBe(true);
    const refused = await claimSignInAttempt(db, { email, ip: "198.51.100.200", device: null }, new Date(t0 + 1000));
    expect(refused).toEqual({ ok: false, retryAfterMs: 60 * 60_000 - 1000 });
    // A browser with the account's device cookie has its own count.
    expect((await claimSignInAttempt(db, { email, ip: "198.51.100.200", device: "device-1" }, new Date(t0 + 1000))).ok).toBe(true);
    expect((await claimSignInAttempt(db, { email, ip: "198.51.100.201", device: null }, new Date(t0 + 60 * 60_000))).ok).toBe(true);

    const ip = "198.18.0.77";
    for (let i = 0; i < MAX_FAILURES_PER_HOUR; i++) expect((await claimSignInAttempt(db, { email: account(), ip, device: null }, new Date(t0 + i))).ok).toBe(true);
    expect((await claimSignInAttempt(db, { email: account(), ip, device: null }, new Date(t0 + 2000))).ok).toBe(false);
    expect((await claimSignInAttempt(db, { email: account(), ip, device: "device-2" }, new Date(t0 + 2000))).ok).toBe(true);
  });

  it("counts an IPv6 client by its /56 network", async () => {
    const email = account();
    const t0 = Date.parse("2026-11-20T14:00:00Z");
    for (let i = 0; i < FREE_FAILURES; i++) expect((await claimSignInAttempt(db, { email, ip: `2001:db8:aa:bb0${i}::${i + 1}`, device: null }, new Date(t0 + i))).ok).toBe(true);
    expect((await claimSignInAttempt(db, { email, ip: "2001:db8:aa:bbff::9", device: null }, new Date(t0 + 10))).ok).toBe(false);
    expect((await claimSignInAttempt(db, { email, ip: "2001:db8:aa:100::9", device: null }, new Date(t0 + 10))).ok).toBe(true);
  });

  it("delays grow from the sixth failure", () => {
    expect([0, 4, 5, 6, 14, 15, 40].map(delayAfter)).toEqual([0, 0, 1000, 2000, 512_000, 900_000, 900_000]);
  });
});
