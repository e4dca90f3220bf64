/**
 * The states of an enquiry, apart from the Drizzle table so
 * the browser's code can validate a status filter without bundling the table module.
 */
export const ENQUIRY_STATUSES = ["new", "contacted"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
