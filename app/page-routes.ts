/**
 * Which route module renders each built public page of SPEC §2, and when it is rendered. Read by
 * app/routes.ts (routing), react-router.config.ts (prerendering) and server/app.ts (the daily
 * page cache); paths not listed here still use the placeholder.
 *
 * - "build": nothing in the page depends on the request or the date, so it is prerendered.
 * - "daily": its content changes with the date in India, so the server renders it once per day
 *   (at the first request after midnight IST) and serves that copy until the next midnight.
 */
export type BuiltPage = { file: string; render: "build" | "daily" };

const content = "routes/public/content-page.tsx";

export const builtPages: Record<string, BuiltPage> = {
  "/overview": { file: content, render: "build" },
  "/vision": { file: content, render: "build" },
  "/chairman": { file: content, render: "build" },
  "/director": { file: content, render: "build" },
  "/principal": { file: content, render: "build" },
  "/secretary": { file: content, render: "build" },
  "/difference": { file: content, render: "build" },
  "/facilities": { file: content, render: "build" },
  "/achievements": { file: "routes/public/achievements.tsx", render: "build" },
  "/inspire": { file: content, render: "build" },
  "/empower": { file: content, render: "build" },
  "/transform": { file: content, render: "build" },
  "/achieve": { file: content, render: "build" },
  "/admissions-overview": { file: content, render: "build" },
  "/guidelines": { file: content, render: "build" },
  "/fee": { file: "routes/public/fee.tsx", render: "build" },
  "/curriculum": { file: "routes/public/curriculum.tsx", render: "build" },
  "/faculty": { file: "routes/public/faculty.tsx", render: "build" },
  // Openings close on a date (India time).
  "/openings": { file: "routes/public/openings.tsx", render: "daily" },
  "/gallery": { file: "routes/public/gallery.tsx", render: "build" },
  "/contact": { file: "routes/public/contact.tsx", render: "build" },
  "/mandatory-disclosure": { file: "routes/public/mandatory-disclosure.tsx", render: "build" },
  "/school-brochure": { file: "routes/public/school-brochure.tsx", render: "build" },
  "/app-privacy-policy": { file: content, render: "build" },
  // Names the current academic year (SPEC §3), which changes on 1 November.
  "/school-in-kharagpur": { file: "routes/public/school-in-kharagpur.tsx", render: "daily" },
};

/** Paths rendered once per day in India: the home page (upcoming calendar) and the built pages marked "daily". */
export const dailyPaths: readonly string[] = ["/", ...Object.entries(builtPages).filter(([, p]) => p.render === "daily").map(([path]) => path)];

/** Files made at build from content (the brochure) or placeholders for documents the school uploads. */
export const BROCHURE_PDF_PATH = "/documents/school-brochure.pdf";
