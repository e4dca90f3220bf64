/**
 * Drizzle as patched by patches/drizzle-orm+0.45.4.patch (docs/decisions/042): `is(value, type)`
 * keeps its answer per prototype and type. The answers must be Drizzle's own, for every kind of
 * value a query is built from, however often and in whatever order they are asked.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Column, SQL, Table, eq, is, sql } from "drizzle-orm";
import { PgColumn, PgTable, integer, pgTable, text } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";

const orders = pgTable("orders", { id: integer("id").primaryKey(), status: text("status").notNull() });

describe("Drizzle's kept entity answers", () => {
  it("is the installed Drizzle, for Node's import and require alike (an upgrade must carry the patch over)", () => {
    const require = createRequire(import.meta.url);
    const dist = path.dirname(require.resolve("drizzle-orm"));
    for (const file of ["entity.js", "entity.cjs"]) {
      expect(readFileSync(path.join(dist, file), "utf8")).toContain("Patched (docs/decisions/042)");
    }
  });

  it("answers as the class chain says, asked twice in either order", () => {
    const column = orders.status;
    const cases: [unknown, Parameters<typeof is>[1], boolean][] = [
      [column, Column, true],
      [column, PgColumn, true],
      [column, Table, false],
      [column, SQL, false],
      [orders, Table, true],
      [orders, PgTable, true],
      [orders, Column, false],
      [sql`select 1`, SQL, true],
      [sql`select 1`, Column, false],
      [{}, SQL, false],
      [null, SQL, false],
      ["text", SQL, false],
    ];
    for (const round of [cases, [...cases].reverse()]) {
      for (const [value, type, expected] of round) expect(is(value, type), `${String(type.name)} of ${String(value)}`).toBe(expected);
    }
  });

  it("still refuses a type that is not a Drizzle entity, every time", () => {
    class NotAnEntity {}
    for (let i = 0; i < 2; i++) expect(() => is(orders.status, NotAnEntity as never)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it("builds the same SQL the hundredth time as the first", () => {
    const db = drizzle.mock();
    const build = () => db.select({ id: orders.id }).from(orders).where(eq(orders.status, "paid")).toSQL();
    const first = build();
    expect(first).toEqual({ sql: 'select "id" from "orders" where "orders"."status" = $1', params: ["paid"] });
    for (let i = 0; i < 99; i++) build();
    expect(build()).toEqual(first);
  });
});
