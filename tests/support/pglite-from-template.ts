/**
 * Set-up file of the database tests: a PGlite opened on a new database (in memory, or a folder
 * without one yet) starts from the migrated copy made by tests/support/pglite-template.ts.
 * A folder that already holds a database (a test reopening it) opens as it is.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type * as Pglite from "@electric-sql/pglite";
import { inject, vi } from "vitest";

vi.mock("@electric-sql/pglite", async (importOriginal) => {
  const real = await importOriginal<typeof Pglite>();
  const template = inject("pgliteTemplate");
  if (!template) return real;
  const bytes = readFileSync(template);
  class PGlite extends real.PGlite {
    constructor(dataDir?: string, options: Pglite.PGliteOptions = {}) {
      const fresh = !dataDir || dataDir.startsWith("memory://") || !existsSync(path.join(dataDir, "PG_VERSION"));
      super(dataDir, fresh && !options.loadDataDir ? { ...options, loadDataDir: new Blob([bytes]) } : options);
    }
  }
  return { ...real, PGlite };
});
