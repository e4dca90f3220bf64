/**
 * `npm run backup [-- --out DIR]`: writes a consistent, timestamped backup of everything the
 * school cannot recreate (the database on either driver, uploaded documents and generated
 * secrets in DATA_DIR) to DIR (default BACKUP_DIR, else ./backups) as
 * kva-backup-<UTC time>.ndjson.gz, and prints what it holds (app/db/backup.server.ts).
 * With PostgreSQL it runs beside the live site; the embedded database must be stopped first
 * (PGlite allows one process). Exits 1 with one message on failure.
 */
import path from "node:path";
import { statSync } from "node:fs";
import { parseArgs } from "node:util";
import { backupFileName, writeBackup } from "~/db/backup.server";
import { getDatabase } from "~/db/client.server";
import { getConfig } from "~/lib/config.server";
import { messageOf } from "~/lib/errors";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const config = getConfig();
  const dir = path.resolve(values.out ?? process.env.BACKUP_DIR ?? "backups");
  const file = path.join(dir, backupFileName());
  const started = Date.now();
  // A table of many millions of rows may take longer to read than a page query may.
  const handle = await getDatabase({ statementTimeoutMs: 0 });
  try {
    const header = await writeBackup(handle, config.dataDir, file);
    const rows = header.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Backup written: ${file}`);
    console.log(`${header.tables.length} tables, ${rows.toLocaleString("en-IN")} rows, ${header.files.length} file(s), ${(statSync(file).size / 1e6).toFixed(1)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    if (process.env.AUTH_SECRET || process.env.RECEIPT_SECRET) {
      console.log("AUTH_SECRET / RECEIPT_SECRET come from the environment: keep them with your backups (receipts verify only with the same RECEIPT_SECRET).");
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Backup failed: ${messageOf(error)}`);
    process.exit(1);
  },
);
