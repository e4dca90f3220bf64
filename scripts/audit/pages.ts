/**
 * Pages `npm run audit` checks when no paths are given on the command line: every public page
 * of SPEC §2 that is built (payment, receipt and admin screens belong to other issues). Paths
 * are relative to the site root and start with "/".
 */
export const AUDIT_PAGES: readonly string[] = [
  "/",
  "/overview",
  "/vision",
  "/chairman",
  "/director",
  "/principal",
  "/secretary",
  "/difference",
  "/facilities",
  "/achievements",
  "/inspire",
  "/empower",
  "/transform",
  "/achieve",
  "/admissions-overview",
  "/guidelines",
  "/fee",
  "/curriculum",
  "/faculty",
  "/openings",
  "/gallery",
  "/contact",
  "/mandatory-disclosure",
  "/school-brochure",
  "/app-privacy-policy",
  "/news/cbse-results-2024",
  "/news/annual-sports-meet-2026",
  "/news/science-exhibition-2026",
  "/news/admissions-open-2027-28",
  "/school-in-kharagpur",
];
