/**
 * Friendly page names for the dashboard (SPEC §9: "Homepage", "Apply Now", "Fee Structure",
 * …): the SPEC's own examples first, then each page's title from content/pages.ts, then the path.
 */
import { pageFor } from "#content/pages";

const SPEC_LABELS: Record<string, string> = {
  "/": "Homepage",
  "/apply": "Apply Now",
  "/fee": "Fee Structure",
  "/enquire": "Enquire Now",
  "/payment-success": "Payment Successful",
  "/payment-failure": "Payment Failed",
};

/** The label of a path, e.g. "/" → "Homepage", "/unknown" → "/unknown". */
export function pageLabel(path: string): string {
  return SPEC_LABELS[path] ?? pageFor(path)?.title ?? path;
}
