import type { Config } from "@react-router/dev/config";
import { sampleDocumentFiles } from "./content/mandatory-disclosure";

export default {
  ssr: true,
  routeDiscovery: { mode: "initial" },
  /**
   * Documents made from content files are made once at build. Pages and the brochure are not:
   * their content (and the brochure's fees) is in the database, and the server renders them into
   * memory at start and after each change (docs/decisions/025-content-in-the-database.md,
   * server/page-cache.ts, app/brochure.server.ts).
   */
  prerender() {
    return sampleDocumentFiles().map((f) => `/documents/samples/${f}.pdf`);
  },
} satisfies Config;
