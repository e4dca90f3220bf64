/**
 * Which route module renders each built public page of SPEC §2. Read by app/routes.ts (routing)
 * and server/app.ts: every one of them, and the home page, is kept in memory by the server
 * (server/page-cache.ts), rendered once per day in India and per change of the published
 * content (the banner of a notice is on every page), so none is rendered per request.
 */
export type BuiltPage = { file: string };

const content = "routes/public/content-page.tsx";

export const builtPages: Record<string, BuiltPage> = {
  "/overview": { file: content },
  "/vision": { file: content },
  "/chairman": { file: content },
  "/director": { file: content },
  "/principal": { file: content },
  "/secretary": { file: content },
  "/difference": { file: content },
  "/facilities": { file: content },
  "/achievements": { file: "routes/public/achievements.tsx" },
  "/inspire": { file: content },
  "/empower": { file: content },
  "/transform": { file: content },
  "/achieve": { file: content },
  "/admissions-overview": { file: content },
  "/guidelines": { file: content },
  "/fee": { file: "routes/public/fee.tsx" },
  "/curriculum": { file: "routes/public/curriculum.tsx" },
  "/faculty": { file: "routes/public/faculty.tsx" },
  // Openings are published in the admin and close at the end of a date in India (a content epoch boundary).
  "/openings": { file: "routes/public/openings.tsx" },
  "/gallery": { file: "routes/public/gallery.tsx" },
  "/contact": { file: "routes/public/contact.tsx" },
  "/mandatory-disclosure": { file: "routes/public/mandatory-disclosure.tsx" },
  "/school-brochure": { file: "routes/public/school-brochure.tsx" },
  "/app-privacy-policy": { file: content },
  // Names the current academic year (SPEC §3), which changes on 1 November.
  "/school-in-kharagpur": { file: "routes/public/school-in-kharagpur.tsx" },
};

/** Paths the server keeps in memory: the home page and every built page (news stories are added as they are published). */
export const memoryPaths: readonly string[] = ["/", ...Object.keys(builtPages)];

/** Files made at build from content (the brochure) or placeholders for documents the school uploads. */
export const BROCHURE_PDF_PATH = "/documents/school-brochure.pdf";
