/**
 * Reads the pages React Router prerendered at build (build/client/<path>/index.html and
 * <path>.data) at start-up, for server/page-cache.ts to fill in PUBLIC_SITE_URL and serve
 * (docs/decisions/004-prerendering-nonce-and-site-url.md, 011).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Prerendered files by request path: "/fee" → HTML, "/fee.data" → turbo-stream data. */
export function loadPrerendered(clientDir: string): Map<string, { body: string; type: "html" | "data" }> {
  const files = new Map<string, { body: string; type: "html" | "data" }>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const rel = `/${path.relative(clientDir, full).split(path.sep).join("/")}`;
      if (rel.startsWith("/assets/") || rel.startsWith("/img/")) continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "index.html") files.set(path.posix.dirname(rel), { body: readFileSync(full, "utf8"), type: "html" });
      else if (name.endsWith(".data")) files.set(rel, { body: readFileSync(full, "utf8"), type: "data" });
    }
  };
  if (existsSync(clientDir)) walk(clientDir);
  return files;
}
