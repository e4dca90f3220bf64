/**
 * Which route module renders each built public page of SPEC §2, and whether it is prerendered
 * at build. Read by app/routes.ts (routing) and react-router.config.ts (prerendering); paths
 * not listed here still use the placeholder. A page is prerendered when nothing in it depends
 * on the request or today's date; the others are rendered on each request.
 */
export type BuiltPage = { file: string; prerender: boolean };

const content = "routes/public/content-page.tsx";

export const builtPages: Record<string, BuiltPage> = {
  "/overview": { file: content, prerender: true },
  "/vision": { file: content, prerender: true },
  "/chairman": { file: content, prerender: true },
  "/director": { file: content, prerender: true },
  "/principal": { file: content, prerender: true },
  "/secretary": { file: content, prerender: true },
  "/difference": { file: content, prerender: true },
  "/facilities": { file: content, prerender: true },
  "/achievements": { file: "routes/public/achievements.tsx", prerender: true },
  "/inspire": { file: content, prerender: true },
  "/empower": { file: content, prerender: true },
  "/transform": { file: content, prerender: true },
  "/achieve": { file: content, prerender: true },
  "/admissions-overview": { file: content, prerender: true },
  "/guidelines": { file: content, prerender: true },
  "/fee": { file: "routes/public/fee.tsx", prerender: true },
  "/curriculum": { file: "routes/public/curriculum.tsx", prerender: true },
  "/faculty": { file: "routes/public/faculty.tsx", prerender: true },
  // Openings close on a date: judged on each request (India time).
  "/openings": { file: "routes/public/openings.tsx", prerender: false },
  "/gallery": { file: "routes/public/gallery.tsx", prerender: true },
  "/contact": { file: "routes/public/contact.tsx", prerender: true },
  "/mandatory-disclosure": { file: "routes/public/mandatory-disclosure.tsx", prerender: true },
  "/school-brochure": { file: "routes/public/school-brochure.tsx", prerender: true },
  "/app-privacy-policy": { file: content, prerender: true },
  // Names the current academic year (SPEC §3), which changes on 1 November.
  "/school-in-kharagpur": { file: "routes/public/school-in-kharagpur.tsx", prerender: false },
};

/** Files made at build from content (the brochure) or placeholders for documents the school uploads. */
export const BROCHURE_PDF_PATH = "/documents/school-brochure.pdf";
