/**
 * Every route of SPEC §2. Content pages use the modules of app/page-routes.ts; payment, receipt,
 * fee and admission pages have their own modules below; unknown paths redirect (legacy table)
 * or go to "/".
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { pages } from "../content/pages";
import { BROCHURE_PDF_PATH, builtPages } from "./page-routes";

/** The module of a SPEC §2 page (app/page-routes.ts); a page without one stops the build. */
function moduleOf(path: string): string {
  const file = builtPages[path]?.file;
  if (!file) throw new Error(`No route module for ${path}: add it to app/page-routes.ts or route it below`);
  return file;
}
/** SPEC §2 pages that are payment steps, routed below with their own modules. */
const paymentPages = new Set(["/student-payment", "/mock-payment", "/icici-debug"]);
/** SPEC §2 receipt pages, routed below with their own modules. */
const receiptPages = new Set(["/receipt-download"]);
/** SPEC §2 fee pages, routed below with their own modules. */
const feePages = new Set(["/payment-portal", "/fees", "/fee-payment", "/bus-fee-payment"]);
/** SPEC §2 admission pages, routed below with their own modules. */
const admissionPages = new Set(["/apply"]);

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    ...pages
      .filter((p) => !p.path.startsWith("/news/") && !paymentPages.has(p.path) && !receiptPages.has(p.path) && !feePages.has(p.path) && !admissionPages.has(p.path))
      .map((p) => route(p.path, moduleOf(p.path), { id: `page${p.path.replaceAll("/", "-")}` })),
    route("news/:slug", "routes/public/news-article.tsx", { id: "news-item" }),
    route("apply", "routes/public/apply.tsx"),
    route("admissions/retry-payment/:applicationId", "routes/public/retry-payment.tsx"),
    route("admissions/acknowledgement/:applicationId", "routes/public/admission-acknowledgement.tsx"),
    route("admissions/status", "routes/public/admission-status.tsx"),
    route("receipt-download", "routes/public/receipt-download.tsx"),
    route("payment-portal", "routes/public/payment-portal.tsx"),
    route("fees", "routes/public/fee-payment.tsx", { id: "fees" }),
    route("fees/family/:token", "routes/public/family-fees.tsx"),
    route("bus-fee-payment", "routes/public/fee-payment.tsx", { id: "bus-fee-payment" }),
    route("fee-payment", "routes/public/fee-payment-redirect.ts"),
    route("verify-receipt/:hash", "routes/public/verify-receipt.tsx"),
    route("enquire", "routes/public/enquire.tsx"),
    route("payment-success", "routes/public/payment-success.tsx"),
    route("payment-failure", "routes/public/payment-failure.tsx"),
    route("payment-pending", "routes/public/payment-pending.tsx"),
    route("payment-on-hold", "routes/public/payment-on-hold.tsx"),
    route("student-payment", "routes/public/student-payment.tsx"),
    route("mock-payment", "routes/public/mock-payment.tsx"),
    route("pay/:orderId", "routes/public/pay.tsx"),
    route("sample-payment", "routes/public/sample-payment.tsx"),
    route("messages/stop/:token", "routes/public/messages-stop.tsx"),
  ]),
  route("api/enquiries", "routes/api/enquiries.ts"),
  route("robots.txt", "routes/seo/robots-txt.ts"),
  route("sitemap.xml", "routes/seo/sitemap-xml.ts"),
  route("feed.xml", "routes/seo/feed-xml.ts"),
  route(BROCHURE_PDF_PATH.slice(1), "routes/documents/brochure-pdf.ts"),
  route("documents/samples/:file", "routes/documents/sample-document-pdf.ts"),
  // A family's order has a receipt per student and fee: the second and later are /2, /3….
  route("receipts/order/:publicId/:n?", "routes/documents/receipt-order-pdf.ts"),
  route("receipts/file/:token", "routes/documents/receipt-file-pdf.ts"),
  route("admissions/acknowledgement/:applicationId/pdf", "routes/documents/admission-acknowledgement-pdf.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/code", "routes/admin/login-code.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  // Public: a staff invitation's and a password reset's links, and asking for a reset.
  route("admin/invitation/:token", "routes/account/invitation.tsx"),
  route("admin/forgot-password", "routes/account/forgot-password.tsx"),
  route("admin/reset-password/:token", "routes/account/reset-password.tsx"),
  route("admin/enquiries/export", "routes/admin/enquiries-export.ts"),
  route("admin/analytics/data", "routes/admin/analytics-data.ts"),
  route("admin/analytics/visits", "routes/admin/analytics-visits.ts"),
  route("admin/analytics/export", "routes/admin/analytics-export.ts"),
  route("admin/analytics/realtime", "routes/admin/analytics-realtime.ts"),
  route("admin/analytics/jobs", "routes/admin/analytics-jobs.ts"),
  route("admin/payments/export", "routes/admin/payments-export.ts"),
  route("admin/receipts/:id", "routes/admin/receipt-pdf.ts"),
  route("admin/fees/template.csv", "routes/admin/fee-template-csv.ts"),
  route("admin/fees/collections.csv", "routes/admin/fee-collections-csv.ts"),
  route("admin/fees/defaulters.csv", "routes/admin/fee-defaulters-csv.ts"),
  route("admin/fees/students/:id/statement.pdf", "routes/admin/fee-statement-pdf.ts"),
  route("admin/applications/export", "routes/admin/applications-export.ts"),
  route("admin/applications/:applicationId/documents/:kind", "routes/admin/application-document.ts"),
  route("admin/messages/templates/:kind/html", "routes/admin/message-template-html.ts"),
  route("admin/messages/:publicId/html", "routes/admin/message-html.ts"),
  route("admin/audit/export", "routes/admin/audit-export.ts"),
  route("admin/content/preview", "routes/admin/content-preview.ts"),
  // The school's photos as JSON for the picture picker, and one photo posted by the uploader.
  route("admin/content/pictures.json", "routes/admin/content-pictures-json.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/enquiries", "routes/admin/enquiries.tsx"),
    route("admin/applications", "routes/admin/applications.tsx"),
    route("admin/applications/settings", "routes/admin/admission-settings.tsx"),
    route("admin/applications/:applicationId", "routes/admin/application.tsx"),
    route("admin/payments", "routes/admin/payments.tsx"),
    route("admin/payments/:reference", "routes/admin/payment-order.tsx"),
    route("admin/receipts/:id/cancel", "routes/admin/receipt.tsx"),
    route("admin/fees", "routes/admin/fees.tsx"),
    route("admin/fees/students/:id", "routes/admin/fee-student.tsx"),
    route("admin/fees/import", "routes/admin/fee-import.tsx"),
    route("admin/fees/book", "routes/admin/fee-book.tsx"),
    route("admin/fees/collections", "routes/admin/fee-collections.tsx"),
    route("admin/fees/defaulters", "routes/admin/fee-defaulters.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/messages/templates", "routes/admin/message-templates.tsx"),
    route("admin/messages/:publicId", "routes/admin/message.tsx"),
    route("admin/staff", "routes/admin/staff.tsx"),
    route("admin/content", "routes/admin/content.tsx"),
    route("admin/content/new", "routes/admin/content-new.tsx"),
    route("admin/content/:id", "routes/admin/content-item.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/content/pictures", "routes/admin/content-pictures.tsx"),
    route("admin/account/two-factor", "routes/admin/account-two-factor.tsx"),
    // SPEC §2 names it /icici-debug; DESIGN.md §8 makes it the administrator's.
    route("icici-debug", "routes/admin/icici-debug.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
