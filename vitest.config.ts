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
    projects: [
      {
        resolve: { alias },
        // Content tests resolve pictures through the same virtual module as the app.
        plugins: [responsiveImages({ sourceDir: "content/images" })],
        test: {
          name: "unit",
          include: ["{app,content,server,scripts}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        // Database tests: PGlite by default, PostgreSQL when DATABASE_URL is set.
        resolve: { alias },
        test: {
          name: "db",
          include: ["{app,server,scripts}/**/*.db.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
