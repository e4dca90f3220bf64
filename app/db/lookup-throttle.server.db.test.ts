/**
 * The look-up throttle on the database: each kind refuses an IP at its per-IP limit and a number
 * at its per-number limit (from many IPs), counts only its own kind's tries, forgets tries once
 * the window has passed, and deletes tries older than a day as new ones arrive.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-lookup-throttle-"));

const { getDatabase } = await import("./client.server");
const { KEEP_FAILURES_MS, LOOKUP_LIMITS, lookupThrottled, recordLookupFailure } = await import("./lookup-throttle.server");
const { LOOKUP_KINDS, lookupFailures } = await import("./schema/lookup-failures");
const { and, eq } = await import("drizzle-orm");

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
let n = 0;
/** A fresh IP and number for each case, so cases (and a shared PostgreSQL) never collide. */
const fresh = () => {
  n += 1;
  return { ip: `192.0.2.${n}-${process.pid}`, key: `NUM/${n}/${process.pid}` };
};

beforeAll(async () => {
  db = (await getDatabase()).db;
});

describe("look-up throttle", () => {
  it("keeps today's limits: 25 wrong tries per IP and 10 per number in 15 minutes for the parents' look-ups; 10 reset requests per IP and 3 per address an hour", () => {
    for (const kind of ["receipt", "fee_student", "application"] as const) expect(LOOKUP_LIMITS[kind]).toEqual({ perIp: 25, perKey: 10, windowMs: 15 * 60_000 });
    expect(LOOKUP_LIMITS.password_reset).toEqual({ perIp: 10, perKey: 3, windowMs: 60 * 60_000 });
  });

  for (const kind of LOOKUP_KINDS) {
    it(`${kind}: refuses an IP at its limit, for any number, while other IPs go on`, async () => {
      const at = new Date("2031-01-10T10:00:00Z");
      const { ip } = fresh();
      for (let i = 0; i < LOOKUP_LIMITS[kind].perIp; i++) {
        expect(await lookupThrottled(db, kind, { key: `K${i}`, ip }, at)).toBe(false);
        await recordLookupFailure(db, kind, { key: `K${i}`, ip }, at);
      }
      expect(await lookupThrottled(db, kind, { key: "ANOTHER", ip }, at)).toBe(true);
      expect(await lookupThrottled(db, kind, { key: "ANOTHER", ip: fresh().ip }, at)).toBe(false);
    });

    it(`${kind}: refuses a number tried from many IPs at its limit, from any IP`, async () => {
      const at = new Date("2031-01-10T11:00:00Z");
      const { key } = fresh();
      for (let i = 0; i < LOOKUP_LIMITS[kind].perKey; i++) {
        const { ip } = fresh();
        expect(await lookupThrottled(db, kind, { key, ip }, at)).toBe(false);
        await recordLookupFailure(db, kind, { key, ip }, at);
      }
      expect(await lookupThrottled(db, kind, { key, ip: fresh().ip }, at)).toBe(true);
      expect(await lookupThrottled(db, kind, { key: fresh().key, ip: fresh().ip }, at)).toBe(false);
    });
  }

  it("counts each kind's tries apart: an IP refused for receipts may still look up a student", async () => {
    const at = new Date("2031-01-10T12:00:00Z");
    const { ip, key } = fresh();
    for (let i = 0; i < LOOKUP_LIMITS.receipt.perIp; i++) await recordLookupFailure(db, "receipt", { key, ip }, at);
    expect(await lookupThrottled(db, "receipt", { key, ip }, at)).toBe(true);
    expect(await lookupThrottled(db, "fee_student", { key, ip }, at)).toBe(false);
    expect(await lookupThrottled(db, "application", { key, ip }, at)).toBe(false);
  });

  it("forgets tries once the window has passed, and deletes those older than a day", async () => {
    const at = new Date("2031-01-11T09:00:00Z");
    const { ip, key } = fresh();
    for (let i = 0; i < LOOKUP_LIMITS.application.perIp; i++) await recordLookupFailure(db, "application", { key, ip }, at);
    const window = LOOKUP_LIMITS.application.windowMs;
    expect(await lookupThrottled(db, "application", { key, ip }, new Date(at.getTime() + window - 1))).toBe(true);
    expect(await lookupThrottled(db, "application", { key, ip }, new Date(at.getTime() + window + 1))).toBe(false);
    const stored = () => db.select().from(lookupFailures).where(and(eq(lookupFailures.ip, ip), eq(lookupFailures.key, key)));
    expect(await stored()).toHaveLength(LOOKUP_LIMITS.application.perIp);
    await recordLookupFailure(db, "receipt", fresh(), new Date(at.getTime() + KEEP_FAILURES_MS + 1));
    expect(await stored()).toHaveLength(0);
  });
});
