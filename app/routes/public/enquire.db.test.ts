/**
 * Property test of the enquiry action (enquiries are never lost): 1,000 random form
 * posts, valid and invalid by construction, straight into the route action on a real database
 * (PGlite, or PostgreSQL with DATABASE_URL). No 5xx, no invalid row stored, every valid
 * enquiry stored exactly once with normalised values.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-enquire-"));

const { getDatabase } = await import("~/db/client.server");
const { enquiries } = await import("~/db/schema/enquiries");
const { SCHOOL_CLASSES } = await import("#content/school");
const { action } = await import("./enquire");

type Post = { fields: Record<string, string>; valid: boolean; expected?: { phone: string; class: string; email: string | null } };

const run = `prop${Date.now().toString(36)}`;
let seq = 0;

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(""));
const validPhone = fc.tuple(fc.constantFrom("6", "7", "8", "9"), digits(9)).chain(([first, rest]) => {
  const phone = first + rest;
  return fc.constantFrom(phone, `+91${phone}`, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, `0${phone}`, `91${phone}`, ` ${phone.slice(0, 3)}-${phone.slice(3)} `).map((typed) => ({ typed, phone }));
});
const invalidPhone = fc.oneof(
  fc.tuple(fc.constantFrom("0", "1", "2", "3", "4", "5"), digits(9)).map(([a, b]) => a + b),
  digits(9),
  digits(11).filter((d) => !/^(0|91)/.test(d)),
  fc.string({ maxLength: 20 }).filter((s) => !/\d{6}/.test(s)),
);
const validEmail = fc.option(fc.emailAddress().filter((e) => e.length <= 254 && /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(e)), { nil: undefined });
const nameText = fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim().length > 0 && !/[\r\n]/.test(s));

const validPost: fc.Arbitrary<Post> = fc.record({ phone: validPhone, cls: fc.constantFrom(...SCHOOL_CLASSES), email: validEmail, name: nameText }).map(({ phone, cls, email, name }) => {
  const fields: Record<string, string> = { name: `${run}-${seq++} ${name}`, phone: phone.typed, class: cls, sourcePage: "/contact" };
  if (email !== undefined) fields.email = email;
  return { fields, valid: true, expected: { phone: phone.phone, class: cls, email: email?.toLowerCase() ?? null } };
});

const invalidPost: fc.Arbitrary<Post> = fc
  .record({
    phone: fc.oneof(validPhone.map((p) => p.typed), invalidPhone),
    cls: fc.oneof(fc.constantFrom(...SCHOOL_CLASSES), fc.constantFrom("", "Class 13", "class 1", "Nursery ", "XII")),
    email: fc.oneof(fc.constant(undefined), fc.constantFrom("no-at-sign", "a@", "@b.in", "x y@z.in")),
    name: fc.oneof(fc.constant(""), fc.constant("   "), fc.string({ minLength: 101, maxLength: 300 }).filter((s) => s.trim().length > 100), nameText),
    breakWhich: fc.constantFrom("name", "phone", "class", "email"),
  })
  .map(({ phone, cls, email, name, breakWhich }) => {
    const fields: Record<string, string> = { name: `${run}-${seq++} ${name}`, phone, class: cls };
    if (email !== undefined) fields.email = email;
    // Break exactly one field for sure; the others may be broken too.
    if (breakWhich === "name") fields.name = "   ";
    if (breakWhich === "phone") fields.phone = "12345";
    if (breakWhich === "class") fields.class = "Class 13";
    if (breakWhich === "email") fields.email = "not-an-email";
    return { fields, valid: false };
  });

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/enquire", { method: "POST", body: new URLSearchParams(fields) });
}

type ActionResult = { init?: { status?: number }; data?: { state?: string } };

describe("enquiry action, property-based", () => {
  afterAll(async () => {
    await (await getDatabase()).close();
  });

  it("answers 1,000 random posts without a 5xx, storing exactly the valid ones, once each", async () => {
    const { db } = await getDatabase();
    const statuses = new Map<number, number>();
    const validNames: Array<{ name: string; expected: NonNullable<Post["expected"]> }> = [];

    await fc.assert(
      fc.asyncProperty(fc.oneof(validPost, invalidPost), async (p) => {
        const result = (await action({ request: post(p.fields), params: {}, context: { cspNonce: "", clientIp: "127.0.0.1" } } as never)) as ActionResult;
        const status = result.init?.status ?? 200;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status).toBeLessThan(500);
        expect(status).toBe(p.valid ? 200 : 400);
        expect(result.data?.state).toBe(p.valid ? "success" : "invalid");
        if (p.valid) validNames.push({ name: p.fields.name!.trim().replace(/\s+/g, " "), expected: p.expected! });
      }),
      { numRuns: 1_000 },
    );

    const stored = await db.select().from(enquiries).where(like(enquiries.name, `${run}-%`));
    expect(stored).toHaveLength(validNames.length);
    const byName = new Map(stored.map((r) => [r.name, r]));
    expect(byName.size).toBe(stored.length);
    for (const { name, expected } of validNames) {
      const row = byName.get(name);
      expect(row, name).toBeDefined();
      expect({ phone: row!.phone, class: row!.class, email: row!.email }).toEqual(expected);
      expect(row!.status).toBe("new");
      expect(row!.sourcePage).toBe("/contact");
    }
    for (const row of stored) expect(row.phone).toMatch(/^[6-9]\d{9}$/);
    console.log(`[enquiry property] ${validNames.length} valid stored once each; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(validNames.length).toBeGreaterThan(300);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(300);
  }, 180_000);

  it("stores nothing for a honeypot post but answers like a success", async () => {
    const { db } = await getDatabase();
    const name = `${run}-honeypot`;
    const result = (await action({ request: post({ name, phone: "9876543210", class: "LKG", website: "http://spam.example" }), params: {}, context: {} } as never)) as ActionResult;
    expect(result.data?.state).toBe("success");
    expect(await db.select().from(enquiries).where(like(enquiries.name, name))).toHaveLength(0);
  });

  it("refuses oversized bodies with 413, not 5xx, whether their length is declared or not", async () => {
    const fields = new URLSearchParams({ name: "x".repeat(20_000), phone: "9876543210", class: "LKG" });
    const declared = new Request("http://localhost/enquire", { method: "POST", body: fields, headers: { "content-length": "20040" } });
    await expect(action({ request: declared, params: {}, context: {} } as never)).rejects.toMatchObject({ status: 413 });
    // Chunked (once only Content-Length was checked, and a 20 MB enquiry was stored).
    const bytes = new TextEncoder().encode(fields.toString());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.slice(i, i + 4096));
        controller.close();
      },
    });
    const chunked = new Request("http://localhost/enquire", { method: "POST", body: stream, headers: { "content-type": "application/x-www-form-urlencoded" }, duplex: "half" } as RequestInit);
    await expect(action({ request: chunked, params: {}, context: {} } as never)).rejects.toMatchObject({ status: 413 });
  });
});
