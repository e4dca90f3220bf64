import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { responsiveImages } from "./scripts/vite/responsive-images";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app, so the database client,
    // configuration and request handler exist once per process.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#content": path.resolve(import.meta.dirname, "content"),
    },
  },
  // Photos and illustrations under content/images/ become responsive AVIF/WebP at build.
  plugins: [tailwindcss(), responsiveImages({ sourceDir: "content/images" }), reactRouter()],
}));
