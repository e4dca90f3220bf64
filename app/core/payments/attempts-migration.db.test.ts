/**
 * Migration 0016 on a database that already has payments (PGlite in memory, or a scratch database
 * beside DATABASE_URL): every existing order gets one attempt with its own reference, counted as
 * handed off; paid orders name their reference as the one that paid; a pending order flagged
 * amount_mismatch becomes held, with an event saying so.
 */
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";

// This database must start empty, not from the migrated copy the other database tests share.
vi.unmock("@electric-sql/pglite");

const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
const MIGRATION = "0016_payment_attempts";

/** A copy of drizzle/ whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "kva-migrations-"));
  cpSync(path.resolve("drizzle"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function rows<T>(db: DatabaseHandle, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Where the database lives: a scratch database beside DATABASE_URL, or a PGlite folder (kept across reopening). */
let target: { databaseUrl?: string; pgliteDir?: string; drop?: string };
let handle: DatabaseHandle | undefined;

beforeAll(async () => {
  if (serverUrl) {
    const name = `kva_migration_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    target = { databaseUrl: url.toString(), drop: name };
  } else {
    target = { pgliteDir: mkdtempSync(path.join(os.tmpdir(), "kva-migration-pglite-")) };
  }
});

afterAll(async () => {
  await handle?.close();
  if (target.drop) await adminQuery(`drop database if exists "${target.drop}" with (force)`);
});

describe(`migration ${MIGRATION}`, () => {
  it("backfills one attempt per order, the paying reference, and holds orders pending on another amount", async () => {
    handle = await openDatabase({ ...target, migrationsFolder: migrationsBefore(MIGRATION) });
    await handle.migrate();
    const order = (id: number, reference: string, status: "paid" | "pending" | "created") =>
      sql`INSERT INTO payment_orders (id, public_id, reference, purpose, payable_key, description, lines, amount_paise, provider, status, provider_order_id, provider_payment_id, paid_amount_paise, gateway_status, flag, flag_detail, paid_at, created_at, updated_at)
          VALUES (${id}, ${`public-${reference}`}, ${reference}, 'tuition', ${`k:${reference}`}, 'Tuition', '[]'::jsonb, 150000, ${status === "paid" ? "razorpay" : "icici_eazypay"}, ${status},
                  ${status === "paid" ? "order_old1" : null}, ${status === "created" ? null : `pay-${reference}`}, ${status === "created" ? null : status === "paid" ? 150000 : 1500},
                  ${status === "created" ? null : "Success"}, ${status === "pending" ? "amount_mismatch" : null},
                  ${status === "pending" ? "The gateway reports ₹15 paid; the order is for ₹1,500." : null}, ${status === "paid" ? sql`now()` : null}, now() - interval '1 hour', now() - interval '1 hour')`;
    await handle.db.execute(order(1, "AAAAAAAAAAAA", "paid"));
    await handle.db.execute(order(2, "BBBBBBBBBBBB", "pending"));
    await handle.db.execute(order(3, "CCCCCCCCCCCC", "created"));
    await handle.close();

    handle = await openDatabase({ ...target, migrationsFolder: path.resolve("drizzle") });
    await handle.migrate();

    const attempts = await rows<{ order_id: number; reference: string; provider_order_id: string | null; outcome: string | null; handed_off: boolean; provider_payment_id: string | null }>(
      handle,
      sql`SELECT order_id, reference, provider_order_id, outcome, handed_off_at IS NOT NULL AS handed_off, provider_payment_id FROM payment_attempts ORDER BY order_id`,
    );
    expect(attempts).toEqual([
      { order_id: 1, reference: "AAAAAAAAAAAA", provider_order_id: "order_old1", outcome: "paid", handed_off: true, provider_payment_id: "pay-AAAAAAAAAAAA" },
      { order_id: 2, reference: "BBBBBBBBBBBB", provider_order_id: null, outcome: "held", handed_off: true, provider_payment_id: "pay-BBBBBBBBBBBB" },
      { order_id: 3, reference: "CCCCCCCCCCCC", provider_order_id: null, outcome: null, handed_off: true, provider_payment_id: null },
    ]);
    const orders = await rows<{ id: number; status: string; paid_reference: string | null; flag: string | null }>(handle, sql`SELECT id, status, paid_reference, flag FROM payment_orders ORDER BY id`);
    expect(orders).toEqual([
      { id: 1, status: "paid", paid_reference: "AAAAAAAAAAAA", flag: null },
      { id: 2, status: "held", paid_reference: null, flag: "amount_mismatch" },
      { id: 3, status: "created", paid_reference: null, flag: null },
    ]);
    const events = await rows<{ order_id: number; status_before: string; status_after: string }>(handle, sql`SELECT order_id, status_before, status_after FROM payment_events WHERE outcome = 'held'`);
    expect(events).toEqual([{ order_id: 2, status_before: "pending", status_after: "held" }]);
    // A reference is one attempt's only, and the CHECK still refuses an unknown status.
    await expect(handle.db.execute(sql`INSERT INTO payment_attempts (order_id, reference, provider) VALUES (3, 'AAAAAAAAAAAA', 'mock')`)).rejects.toThrow();
    await expect(handle.db.execute(sql`UPDATE payment_orders SET status = 'lost' WHERE id = 3`)).rejects.toThrow();
  });
});
