import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { precompress } from "./scripts/vite/precompress";
import { responsiveImages } from "./scripts/vite/responsive-images";

/**
 * Client chunks: code every page needs (site chrome, lib, school facts, page metadata) and the
 * page template of the content pages each go into one file instead of a dozen tiny ones, so a
 * first visit on a slow phone makes fewer requests. The chrome script (app/features/site/chrome/)
 * is left out: pages kept in memory load it without React, so its chunk must not import the
 * React code of the "site" group.
 */
const clientChunkGroups = [
  {
    // The chrome's own modules, which the React chrome's markup shares (ids, class names): in
    // the "site" group they would come with React, as a group takes its modules' dependencies.
    name: "chrome",
    test: /\/app\/features\/site\/chrome\//,
    priority: 2,
  },
  {
    name: "site",
    priority: 1,
    test: /\/app\/(lib\/|features\/site\/(?!chrome\/)|features\/content\/(meta|structured-data)\.ts)|\/content\/(school|navigation)\.ts/,
  },
  {
    name: "page",
    test: /\/app\/features\/content\/components\/(breadcrumbs|page-header|prose|picture|content-page-view|table-scroll)\.tsx/,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, so the database client,
    // configuration and request handler exist once per process.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : { output: { codeSplitting: { groups: clientChunkGroups } } },
    // The client's manifest names the chrome script's chunk, which the server puts on the pages
    // it keeps in memory in place of React Router's scripts (server/page-cache.ts).
    manifest: !isSsrBuild,
  },
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#content": path.resolve(import.meta.dirname, "content"),
    },
  },
  // Photos and illustrations under content/images/ become responsive AVIF/WebP at build; text
  // assets get Brotli and gzip copies served as they are (server/static-files.ts).
  plugins: [tailwindcss(), responsiveImages({ sourceDir: "content/images" }), reactRouter(), precompress()],
}));
