/**
 * The staff roles of issue 27, as stored in staff.roles: Accounts (fees, payments, receipts,
 * the fee book and the roll), Admissions (applications, admission settings, enquiries), Editor
 * (content drafts), Publisher (publishes content), Viewer (dashboard and read-only lists).
 */
export const STAFF_ROLES = ["accounts", "admissions", "editor", "publisher", "viewer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
