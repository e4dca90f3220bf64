import type { Config } from "@react-router/dev/config";
import { BROCHURE_PDF_PATH } from "./app/page-routes";
import { sampleDocumentFiles } from "./content/mandatory-disclosure";

export default {
  ssr: true,
  /**
   * Documents made from content files are made once at build. Pages are not: their content is
   * in the database, and the server renders them into memory at start and after each publish
   * (docs/decisions/025-content-in-the-database.md, server/page-cache.ts).
   */
  prerender() {
    return [BROCHURE_PDF_PATH, ...sampleDocumentFiles().map((f) => `/documents/samples/${f}.pdf`)];
  },
} satisfies Config;
