/**
 * Logical backup and restore through the app's own database connection (decision
 * 015), so it works on PGlite and on PostgreSQL without pg_dump on the operator's machine.
 *
 * A backup is one gzip'd file of JSON lines: a header (format, time, driver, migrations,
 * each table's columns, row count and checksum, the sequences' values), then each table's rows
 * (`row_to_json`, read through a cursor inside one REPEATABLE READ transaction, so every table is
 * from the same instant), then the files the school cannot recreate (generated secrets and
 * uploaded documents in DATA_DIR), base64. Restore migrates the target, refuses one that already
 * holds data (unless forced), loads every table in foreign-key order in one transaction with
 * the tables' own triggers off (the rows already carry what the triggers would compute),
 * sets the sequences, writes the files, and checks every table's count and checksum against
 * the header before committing.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { PassThrough } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "./client.server";

export const BACKUP_FORMAT = "kva-backup/1";
/** Rows per cursor fetch and per restore INSERT. */
const BATCH_ROWS = 5_000;
/** Files of DATA_DIR kept in a backup: generated secrets (app/lib/config.server.ts). */
export const SECRET_FILES = ["auth-secret", "receipt-secret"];
/**
 * Folder of DATA_DIR holding uploaded documents (admission applications, receipts when they
 * are stored as files): backed up whole. Features that store files put them under it.
 */
export const DOCUMENTS_DIR = "documents";

export type TableSummary = { name: string; columns: string[]; rows: number; checksum: string };
export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  driver: DatabaseHandle["driver"];
  migrations: number;
  tables: TableSummary[];
  sequences: { name: string; value: number | null }[];
  files: string[];
};

type Line =
  | { type: "header"; header: BackupHeader }
  | { type: "rows"; table: string; rows: string[] }
  | { type: "file"; path: string; base64: string };

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Tables of schema public, parents before children (foreign keys), then by name. */
async function tablesInOrder(db: Database): Promise<string[]> {
  const tables = (await rowsOf<{ name: string }>(db, sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).map((r) => r.name);
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const unquote = (s: string) => s.replace(/^"|"$/g, "");
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (unquote(e.child) !== unquote(e.parent)) parents.get(unquote(e.child))?.add(unquote(e.parent));
  const ordered: string[] = [];
  const visit = (t: string, seen = new Set<string>()) => {
    if (ordered.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const p of parents.get(t) ?? []) visit(p, seen);
    ordered.push(t);
  };
  for (const t of tables) visit(t);
  return ordered;
}

/**
 * Row count and an order-independent checksum of a table's contents (md5 of the sorted md5s of
 * each row's text, read in UTC), so two instances can be compared table by table.
 */
export async function summarizeTable(db: Database, table: string): Promise<{ rows: number; checksum: string }> {
  const [row] = await rowsOf<{ rows: number; checksum: string }>(
    db,
    sql`SELECT count(*)::int AS rows, md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS checksum
        FROM (SELECT md5(t::text) AS h FROM ${sql.identifier(table)} t) x`,
  );
  return { rows: Number(row?.rows ?? 0), checksum: row?.checksum ?? "" };
}

/** Every table's count and checksum (schema public), for comparisons. */
export async function summarizeDatabase(db: Database): Promise<Record<string, { rows: number; checksum: string }>> {
  await db.execute(sql`SET TIME ZONE 'UTC'`);
  const out: Record<string, { rows: number; checksum: string }> = {};
  for (const table of await tablesInOrder(db)) out[table] = await summarizeTable(db, table);
  return out;
}

function filesToBackUp(dataDir: string): string[] {
  const files = SECRET_FILES.filter((f) => existsSync(path.join(dataDir, f)));
  const walk = (rel: string) => {
    const abs = path.join(dataDir, rel);
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs)) {
      const child = path.join(rel, entry);
      if (statSync(path.join(dataDir, child)).isDirectory()) walk(child);
      else files.push(child);
    }
  };
  walk(DOCUMENTS_DIR);
  return files;
}

/**
 * Writes a backup of `handle`'s database and `dataDir`'s files to `file` (written under a
 * temporary name, then renamed, so a half-written backup never carries the final name).
 * Returns the header. Throws the database's error when it cannot be read.
 */
export async function writeBackup(handle: Pick<DatabaseHandle, "db" | "driver">, dataDir: string, file: string): Promise<BackupHeader> {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const out = new PassThrough();
  const written = pipeline(out, createGzip({ level: 6 }), createWriteStream(partial));
  const write = (line: Line) => (out.write(JSON.stringify(line) + "\n") ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", () => resolve())));
  let header: BackupHeader | undefined;
  try {
    await handle.db.transaction(
      async (txn) => {
        const tx = txn as unknown as Database;
        await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
        await tx.execute(sql`SET LOCAL statement_timeout = 0`);
        const tables = await tablesInOrder(tx);
        const summaries: TableSummary[] = [];
        for (const table of tables) {
          const columns = (await rowsOf<{ c: string }>(tx, sql`SELECT column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`)).map((r) => r.c);
          summaries.push({ name: table, columns, ...(await summarizeTable(tx, table)) });
        }
        const sequences = await rowsOf<{ name: string; value: string | number | null }>(tx, sql`SELECT sequencename AS name, last_value AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`);
        const [migrations] = await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
        header = {
          format: BACKUP_FORMAT,
          createdAt: new Date().toISOString(),
          driver: handle.driver,
          migrations: Number(migrations?.n ?? 0),
          tables: summaries,
          sequences: sequences.map((s) => ({ name: s.name, value: s.value === null ? null : Number(s.value) })),
          files: filesToBackUp(dataDir),
        };
        await write({ type: "header", header });
        for (const table of tables) {
          await tx.execute(sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${sql.identifier(table)} t`);
          for (;;) {
            const rows = (await rowsOf<{ j: string }>(tx, sql.raw(`FETCH ${BATCH_ROWS} FROM backup_rows`))).map((r) => r.j);
            if (rows.length === 0) break;
            await write({ type: "rows", table, rows });
          }
          await tx.execute(sql`CLOSE backup_rows`);
        }
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    for (const rel of header!.files) await write({ type: "file", path: rel, base64: readFileSync(path.join(dataDir, rel)).toString("base64") });
    out.end();
    await written;
  } catch (error) {
    out.destroy();
    await written.catch(() => undefined);
    throw error;
  }
  renameSync(partial, file);
  return header!;
}

/** Reads a backup's lines one by one. */
async function* readLines(file: string): AsyncGenerator<Line> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield JSON.parse(line) as Line;
}

export type RestoreOutcome = { header: BackupHeader; rows: number; files: number };

/**
 * Restores `file` into `handle`'s database (already migrated) and `dataDir`. Refuses (throws)
 * when the target already holds enquiries, visits or accounts, unless `force` (which replaces
 * them), when the backup was made by a newer version (more migrations), or when a table's
 * count or checksum differs after loading (nothing is committed then). Returns what it restored.
 */
export async function restoreBackup(handle: Pick<DatabaseHandle, "db" | "driver">, dataDir: string, file: string, options: { force?: boolean } = {}): Promise<RestoreOutcome> {
  const lines = readLines(file);
  const first: Line | undefined = (await lines.next()).value ?? undefined;
  if (!first || first.type !== "header" || first.header.format !== BACKUP_FORMAT) throw new Error(`${file} is not a backup of this site (format ${BACKUP_FORMAT}).`);
  const header: BackupHeader = first.header;
  const [migrations] = await rowsOf<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  if (header.migrations > Number(migrations?.n ?? 0)) {
    throw new Error(`The backup was made by a newer version (${header.migrations} migrations; this one has ${migrations?.n}). Upgrade first, then restore.`);
  }
  if (!options.force) {
    const [used] = await rowsOf<{ n: number }>(
      handle.db,
      sql`SELECT ((SELECT count(*) FROM enquiries) + (SELECT count(*) FROM visitor_analytics) + (SELECT count(*) FROM "user"))::int AS n`,
    );
    if (Number(used?.n ?? 0) > 0) throw new Error("The target already holds enquiries, visits or accounts. Restore into an empty instance, or pass --force to replace its data.");
  }
  let rows = 0;
  let files = 0;
  await handle.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    const tables = header.tables.map((t) => t.name);
    const present = new Set(await tablesInOrder(tx));
    const missing = tables.filter((t) => !present.has(t));
    if (missing.length > 0) throw new Error(`Tables of the backup missing here: ${missing.join(", ")}.`);
    // Rows carry what the tables' triggers would compute (rollup versions, record counts); off
    // before emptying, so an append-only table (the audit log) is replaced whole by the backup's.
    for (const t of tables) await tx.execute(sql`ALTER TABLE ${sql.identifier(t)} DISABLE TRIGGER USER`);
    await tx.execute(sql`TRUNCATE ${sql.join(tables.map((t) => sql.identifier(t)), sql`, `)} CASCADE`);
    const columnsOf = new Map<string, string[]>(header.tables.map((t) => [t.name, t.columns]));
    for await (const line of lines) {
      if (line.type === "rows") {
        const columns = sql.join(columnsOf.get(line.table)!.map((c) => sql.identifier(c)), sql`, `);
        await tx.execute(
          sql`INSERT INTO ${sql.identifier(line.table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${sql.identifier(line.table)}, ${`[${line.rows.join(",")}]`}::json)`,
        );
        rows += line.rows.length;
      } else if (line.type === "file") {
        const target = path.resolve(dataDir, line.path);
        if (!target.startsWith(path.resolve(dataDir) + path.sep)) throw new Error(`Refusing to write outside DATA_DIR: ${line.path}`);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, Buffer.from(line.base64, "base64"), { mode: 0o600 });
        files++;
      }
    }
    for (const t of tables) await tx.execute(sql`ALTER TABLE ${sql.identifier(t)} ENABLE TRIGGER USER`);
    for (const s of header.sequences) {
      await tx.execute(s.value === null ? sql`SELECT setval(quote_ident(${s.name})::regclass, 1, false)` : sql`SELECT setval(quote_ident(${s.name})::regclass, ${s.value})`);
    }
    for (const t of header.tables) {
      const now = await summarizeTable(tx, t.name);
      if (now.rows !== t.rows || now.checksum !== t.checksum) {
        throw new Error(`Restored ${t.name} differs from the backup (${now.rows} rows, checksum ${now.checksum}; expected ${t.rows}, ${t.checksum}); nothing was restored.`);
      }
    }
  });
  return { header, rows, files };
}

/** "kva-backup-2026-11-23T23-50-00Z.ndjson.gz" for an instant. */
export function backupFileName(at: Date = new Date()): string {
  return `kva-backup-${at.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-")}.ndjson.gz`;
}

/** sha256 of a secret, first 12 hex digits: shows whether two secrets match without showing them. */
export function fingerprint(secret: string): string {
  return createHash("sha256").update(secret).digest("hex").slice(0, 12);
}
