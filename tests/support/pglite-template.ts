/**
 * Vitest global set-up of the database tests on PGlite: opens one in-memory PGlite, migrates it
 * and keeps its files as a tarball, so each test file's fresh database starts from that copy
 * (tests/support/pglite-from-template.ts) instead of running initdb and every migration again:
 * about 2 s of CPU a file. Nothing is done on PostgreSQL (DATABASE_URL set).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the migrated PGlite tarball, or "" on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL?.trim()) {
    project.provide("pgliteTemplate", "");
    return;
  }
  const handle = await openDatabase({ pgliteDir: "memory://" });
  await handle.migrate();
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  await handle.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "kva-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
