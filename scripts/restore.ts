/**
 * `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into this
 * instance (DATABASE_URL, or the embedded database in DATA_DIR, migrated first) and DATA_DIR's
 * files, then checks every table's row count and checksum against the backup before
 * committing. Refuses a target that already holds enquiries, visits or accounts unless
 * --force (which replaces them). Stop the site first. Exits 1 with one message on failure.
 */
import { parseArgs } from "node:util";
import { restoreBackup } from "~/db/backup.server";
import { getDatabase } from "~/db/client.server";
import { getConfig } from "~/lib/config.server";
import { messageOf } from "~/lib/errors";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
  const file = positionals[0];
  if (!file) {
    console.error("usage: npm run restore -- FILE [--force]");
    return 2;
  }
  const config = getConfig();
  const started = Date.now();
  // A table of many millions of rows may take longer to read than a page query may.
  const handle = await getDatabase({ statementTimeoutMs: 0 });
  try {
    const outcome = await restoreBackup(handle, config.dataDir, file, { force: values.force });
    console.log(`Restored ${file} (made ${outcome.header.createdAt} on ${outcome.header.driver}).`);
    console.log(`${outcome.header.tables.length} tables, ${outcome.rows.toLocaleString("en-IN")} rows, ${outcome.files} file(s), every table's count and checksum verified, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Restore failed: ${messageOf(error)}`);
    process.exit(1);
  },
);
