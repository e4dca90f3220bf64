/**
 * Files the site writes under DATA_DIR (uploads and the copies made of them): each appears
 * whole or not at all, so a reader (a page, a backup) never sees half a file.
 */
import { randomBytes } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Writes `bytes` as `dir`/`name`: first to a temporary name beside it
 * ("<name>.<8 hex>.partial", created new, mode 0600), then renamed over `name` (atomic within a
 * file system, POSIX rename(2)). Throws what the file system throws; the temporary file is
 * removed then.
 */
export async function writeFileWhole(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const partial = path.join(dir, `${name}.${randomBytes(4).toString("hex")}.partial`);
  try {
    await writeFile(partial, bytes, { mode: 0o600, flag: "wx" });
    await rename(partial, path.join(dir, name));
  } catch (error) {
    await rm(partial, { force: true }).catch(() => undefined);
    throw error;
  }
}
