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

/**
 * The pages where parents pay, apply and look things up, as they first open: the Nu HTML
 * Checker (`npm run validate:html`) looks at them besides AUDIT_PAGES.
 */
export const TRANSACTION_PAGES: readonly string[] = [
  "/payment-portal",
  "/fees",
  "/bus-fee-payment",
  "/receipt-download",
  "/apply",
  "/admissions/status",
  "/enquire",
  "/payment-success",
  "/payment-failure",
  "/payment-pending",
  "/payment-on-hold",
];
