import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { responsiveImages } from "./scripts/vite/responsive-images";

const alias = {
  "~": path.resolve(import.meta.dirname, "app"),
  "#content": path.resolve(import.meta.dirname, "content"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Every core: Vitest's default leaves one free, which on two cores runs the files one by one.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        resolve: { alias },
        // Content tests resolve pictures through the same virtual module as the app.
        plugins: [responsiveImages({ sourceDir: "content/images" })],
        test: {
          name: "unit",
          // tests/fakes: the doubles that carry logic of their own (faults, parsing) are tested too.
          include: ["{app,content,server,scripts}/**/*.test.{ts,tsx}", "tests/fakes/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        // Database tests: PGlite by default, PostgreSQL when DATABASE_URL is set.
        resolve: { alias },
        // The published content resolves its pictures (gallery albums, content pages) like the app.
        plugins: [responsiveImages({ sourceDir: "content/images" })],
        test: {
          name: "db",
          include: ["{app,server,scripts}/**/*.db.test.ts"],
          // On PGlite every file's new database starts from one migrated copy.
          globalSetup: ["tests/support/pglite-template.ts"],
          setupFiles: ["tests/support/pglite-from-template.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file has its own in-memory PGlite; on PostgreSQL (DATABASE_URL) most files
          // share the one database, so they run one at a time there.
          fileParallelism: !process.env.DATABASE_URL?.trim(),
        },
      },
    ],
  },
});
