/**
 * app/db/sql/ against the migrated database (DESIGN.md §5), on PGlite or, with DATABASE_URL, on
 * PostgreSQL: the map (map.ts) lists exactly the functions, aggregates, triggers and composite
 * types the migrations create; each object's file holds its current definition; and each entry
 * names the migrations that defined it. A migration that adds, drops or changes one fails here
 * until app/db/sql/ and the map follow.
 *
 * A definition is compared twice. Its body (the text between the dollar quotes) must equal
 * pg_proc.prosrc, which PostgreSQL keeps verbatim; whitespace runs count as one space. Then
 * everything else (arguments, defaults, result, language, volatility, SET options, a trigger's
 * events, an aggregate's state function): inside a transaction that is rolled back, the file's
 * statements are run again, and pg_get_functiondef (pg_get_triggerdef, pg_aggregate, the type's
 * attributes) must print the same before and after. Both sides come from the same server, so
 * PostgreSQL 15 and PGlite (PostgreSQL 18), which print some definitions differently, agree.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../client.server";
import { rowsOf } from "../sql.server";
import { sqlObjects, type SqlObject, type SqlObjectKind } from "./map";

const sqlDir = path.resolve("app/db/sql");
const migrationsDir = path.resolve("drizzle");

/** Whitespace runs as one space: the files may be re-indented, not otherwise changed. */
function normalised(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The argument and result types as the map writes them. */
function abbreviated(text: string): string {
  return text.replaceAll("timestamp with time zone", "timestamptz");
}

/**
 * The statements of a SQL script, split at semicolons outside comments, quoted strings and
 * identifiers, and dollar-quoted bodies; each keeps the comments before it.
 */
function statementsOf(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < script.length) {
    const rest = script.slice(i);
    if (rest.startsWith("--")) {
      const end = script.indexOf("\n", i);
      i = end < 0 ? script.length : end + 1;
    } else if (rest.startsWith("/*")) {
      i = script.indexOf("*/", i + 2) + 2;
    } else if (script[i] === "'" || script[i] === '"') {
      const quote = script[i];
      i += 1;
      while (i < script.length && !(script[i] === quote && script[i + 1] !== quote)) i += script[i] === quote ? 2 : 1;
      i += 1;
    } else if (/^\$(?:[A-Za-z_]\w*)?\$/.test(rest)) {
      const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(rest)![0];
      i = script.indexOf(tag, i + tag.length) + tag.length;
    } else if (script[i] === ";") {
      statements.push(script.slice(start, i + 1));
      start = i + 1;
      i += 1;
    } else {
      i += 1;
    }
  }
  if (script.slice(start).replace(/--[^\n]*/g, "").trim()) statements.push(script.slice(start));
  return statements;
}

type Definition = { kind: SqlObjectKind; name: string; alter: boolean; text: string };

/** The CREATE [OR REPLACE] FUNCTION/TRIGGER/AGGREGATE/TYPE and ALTER FUNCTION statements of a script. */
function definitionsOf(script: string): Definition[] {
  return statementsOf(script).flatMap((text) => {
    const match = /^(?:\s|--[^\n]*\n)*(?:CREATE(?: OR REPLACE)? (FUNCTION|TRIGGER|AGGREGATE|TYPE)|ALTER (FUNCTION)) (\w+)/i.exec(text);
    const [, created, altered, name] = match ?? [];
    if (!name) return [];
    const kind = (created ?? altered ?? "").toLowerCase() as SqlObjectKind;
    return [{ kind, name, alter: !!altered, text }];
  });
}

/** The text between a CREATE FUNCTION's dollar quotes. */
function bodyOf(statement: string): string {
  const match = /\bAS\s+(\$(?:[A-Za-z_]\w*)?\$)([\s\S]*?)\1/i.exec(statement);
  if (match?.[2] === undefined) throw new Error(`no dollar-quoted body in: ${statement.slice(0, 120)}`);
  return match[2];
}

function sqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sqlFiles(full);
    return entry.name.endsWith(".sql") ? [path.relative(sqlDir, full)] : [];
  });
}

const keyOf = (object: { kind: string; name: string }) => `${object.kind} ${object.name}`;
const files = new Map(sqlFiles(sqlDir).map((file) => [file, definitionsOf(readFileSync(path.join(sqlDir, file), "utf8"))]));

/** Functions, aggregates, triggers and composite types of schema public, extensions' left out. */
const objectsQuery = sql`
  SELECT CASE p.prokind WHEN 'a' THEN 'aggregate' WHEN 'f' THEN 'function' ELSE 'prokind ' || p.prokind::text END AS kind,
         p.proname::text AS name, pg_get_function_arguments(p.oid) AS signature, pg_get_function_result(p.oid) AS returns
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public'
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  UNION ALL
  SELECT 'trigger', t.tgname, pg_get_triggerdef(t.oid), NULL
  FROM pg_trigger t
  WHERE NOT t.tgisinternal
  UNION ALL
  SELECT 'type', t.typname,
         (SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum)
          FROM pg_attribute a WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped),
         NULL
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_class c ON c.oid = t.typrelid
  WHERE n.nspname = 'public' AND c.relkind = 'c'
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  ORDER BY 1, 2`;

type DatabaseObject = { kind: string; name: string; signature: string; returns: string | null };

/** What the server prints for an object; `copy`: a type's copy in pg_temp instead. */
function definitionQuery(object: SqlObject, copy = false): SQL {
  switch (object.kind) {
    case "function":
      return sql`SELECT pg_get_functiondef(p.oid) AS d FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                 WHERE n.nspname = 'public' AND p.proname = ${object.name}`;
    case "aggregate":
      return sql`SELECT (to_jsonb(a) || jsonb_build_object('arguments', pg_get_function_arguments(p.oid), 'result', pg_get_function_result(p.oid)))::text AS d
                 FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid JOIN pg_namespace n ON n.oid = p.pronamespace
                 WHERE n.nspname = 'public' AND p.proname = ${object.name}`;
    case "trigger":
      return sql`SELECT pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text AS d FROM pg_trigger t WHERE NOT t.tgisinternal AND t.tgname = ${object.name}`;
    case "type":
      return sql`SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum) AS d
                 FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_attribute a ON a.attrelid = t.typrelid
                 WHERE ${copy ? sql`n.oid = pg_my_temp_schema() AND t.typname = ${copyOf(object.name)}` : sql`n.nspname = 'public' AND t.typname = ${object.name}`}
                   AND a.attnum > 0 AND NOT a.attisdropped`;
  }
}

async function definitionIn(db: Database, object: SqlObject, copy = false): Promise<string> {
  const rows = await rowsOf<{ d: string | null }>(db, definitionQuery(object, copy));
  const [row, ...others] = rows;
  if (!row?.d || others.length) throw new Error(`${keyOf(object)}${copy ? " (copy)" : ""}: ${rows.length} definitions`);
  return row.d;
}

/** The name of a composite type's copy in pg_temp (its own name there would hide the one in public). */
const copyOf = (name: string) => `${name}_from_file`;

/**
 * A file's statement as it can run again on the migrated database: CREATE becomes CREATE OR
 * REPLACE, and a composite type (which cannot be replaced) is created as a copy in pg_temp, to
 * be compared with the one in public.
 */
function rerunnable(definition: Definition): string {
  if (definition.kind === "type") return definition.text.replace(/\bCREATE TYPE (\w+)/i, (_, name: string) => `CREATE TYPE pg_temp.${copyOf(name)}`);
  return definition.text.replace(/\bCREATE (FUNCTION|TRIGGER|AGGREGATE)\b/i, "CREATE OR REPLACE $1");
}

class RolledBack extends Error {}

let handle: DatabaseHandle;
let db: Database;
let databaseObjects: DatabaseObject[];

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  handle = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: "memory://" });
  await handle.migrate();
  db = handle.db;
  databaseObjects = await rowsOf<DatabaseObject>(db, objectsQuery);
});

afterAll(async () => {
  await handle?.close();
});

describe("app/db/sql and its map", () => {
  it("lists every function, aggregate, trigger and composite type of the migrated database, and nothing else", () => {
    const inMap = sqlObjects.map(keyOf).sort();
    expect(new Set(inMap).size, "an object listed twice in map.ts").toBe(inMap.length);
    expect(inMap).toEqual(databaseObjects.map(keyOf).sort());
  });

  it("gives each object's signature and result as the database does", () => {
    for (const object of sqlObjects) {
      const found = databaseObjects.find((row) => keyOf(row) === keyOf(object));
      if (!found) continue; // reported by the test above
      const signature = object.kind === "trigger" ? found.signature.replace(`CREATE TRIGGER ${object.name} `, "").replace(" ON public.", " ON ") : found.signature;
      expect(object.signature, `${keyOf(object)}: signature`).toBe(abbreviated(signature));
      expect(object.returns, `${keyOf(object)}: result`).toBe(found.returns === null ? undefined : abbreviated(found.returns));
    }
  });

  it("has each object defined in the file the map names, and no file defining anything unlisted", () => {
    const listed = new Set(sqlObjects.map(keyOf));
    for (const [file, definitions] of files) {
      expect(definitions.length, `${file} defines nothing`).toBeGreaterThan(0);
      for (const definition of definitions) expect(listed, `${file}: ${keyOf(definition)} is not in map.ts`).toContain(keyOf(definition));
    }
    for (const object of sqlObjects) {
      const creates = (files.get(object.file) ?? []).filter((d) => keyOf(d) === keyOf(object) && !d.alter);
      expect(creates.length, `${keyOf(object)}: CREATE statements in ${object.file}`).toBe(1);
    }
  });

  it("names, for each object, the migrations that created, replaced or altered it", () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const history = new Map<string, string[]>();
    for (const { tag } of journal.entries) {
      for (const definition of definitionsOf(readFileSync(path.join(migrationsDir, `${tag}.sql`), "utf8"))) {
        const numbers = history.get(keyOf(definition)) ?? [];
        if (!numbers.includes(tag.slice(0, 4))) numbers.push(tag.slice(0, 4));
        history.set(keyOf(definition), numbers);
      }
    }
    const inMap = Object.fromEntries(sqlObjects.map((object) => [keyOf(object), object.migrations]));
    expect(inMap).toEqual(Object.fromEntries(history));
  });

  it("has each function's body in its file as the database holds it (pg_proc.prosrc)", async () => {
    const bodies = await rowsOf<{ name: string; body: string }>(
      db,
      sql`SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public' AND p.prokind = 'f'`,
    );
    for (const object of sqlObjects.filter((o) => o.kind === "function")) {
      const create = (files.get(object.file) ?? []).find((d) => keyOf(d) === keyOf(object) && !d.alter);
      const inDatabase = bodies.find((row) => row.name === object.name);
      if (!create || !inDatabase) continue; // reported by the tests above
      expect(normalised(bodyOf(create.text)), `${object.name}: body in app/db/sql/${object.file}`).toBe(normalised(inDatabase.body));
    }
  });

  it("has each object's whole definition in its file: running the file again changes nothing", async () => {
    const before = new Map<string, string>();
    const after = new Map<string, string>();
    let functionsBefore: string[] = [];
    let functionsAfter: string[] = [];
    const functionList = sql`SELECT p.oid::regprocedure::text AS f FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                             WHERE n.nspname = 'public' ORDER BY 1`;
    await db
      .transaction(async (tx) => {
        const t = tx as unknown as Database;
        for (const object of sqlObjects) before.set(keyOf(object), normalised(await definitionIn(t, object)));
        functionsBefore = (await rowsOf<{ f: string }>(t, functionList)).map((row) => row.f);
        for (const definitions of files.values()) {
          for (const definition of definitions) await t.execute(sql.raw(rerunnable(definition)));
        }
        for (const object of sqlObjects) after.set(keyOf(object), normalised(await definitionIn(t, object, object.kind === "type")));
        functionsAfter = (await rowsOf<{ f: string }>(t, functionList)).map((row) => row.f);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    // A file whose arguments differ would have added an overload instead of replacing.
    expect(functionsAfter, "functions after running app/db/sql").toEqual(functionsBefore);
    for (const object of sqlObjects) {
      expect(after.get(keyOf(object)), `${keyOf(object)}: definition in app/db/sql/${object.file}`).toBe(before.get(keyOf(object)));
    }
  });
});
