/**
 * The chrome script's entry (issue 29): the public site's chrome (app/features/site/chrome)
 * with the islands and the visit beacon of other features, started on import. Pages kept in
 * memory load this module alone, in place of React Router's scripts (server/page-cache.ts
 * `withoutReact`, which finds its chunk through CHROME_SOURCE); the public layout imports it
 * once React has hydrated the other pages.
 */
import { startChrome } from "~/features/site/chrome";
import { sendPageview } from "~/features/analytics/ingest/pageview";

startChrome({
  loadEnquiryForm: () => import("~/features/enquiries/components/enquiry-island"),
  loadLightbox: () => import("~/features/content/components/gallery-lightbox-island"),
  reportPageview: sendPageview,
});
