import { readdirSync } from "node:fs";
import type { Config } from "@react-router/dev/config";
import { BROCHURE_PDF_PATH, builtPages } from "./app/page-routes";
import { sampleDocumentFiles } from "./content/mandatory-disclosure";

export default {
  ssr: true,
  /**
   * Pages that do not depend on the request are rendered to HTML (and `.data` files) at build;
   * the server fills in PUBLIC_SITE_URL and allows their inline scripts by CSP hash
   * (docs/decisions/004-prerendering-nonce-and-site-url.md, 011-pages-from-memory-hash-csp-and-crowd-limits.md).
   */
  prerender() {
    const pages = Object.entries(builtPages).filter(([, p]) => p.render === "build").map(([path]) => path);
    const news = readdirSync("content/news").filter((f) => f.endsWith(".md")).map((f) => `/news/${f.slice(0, -3)}`);
    const documents = [BROCHURE_PDF_PATH, ...sampleDocumentFiles().map((f) => `/documents/samples/${f}.pdf`)];
    return [...pages, ...news, ...documents];
  },
} satisfies Config;
