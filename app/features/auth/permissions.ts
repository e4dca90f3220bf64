/**
 * Who may do what in the admin (issue 27): the one table of permissions. The owner (ADMIN_EMAIL,
 * SPEC §6) holds every permission and is the only one who manages staff, reads the audit log and
 * changes the site's settings; each staff role grants the permissions listed for it, and a person
 * holding several roles has the union. Checked on the server by `requirePermission`
 * (session.server.ts) in every admin loader and action; the admin navigation shows only what
 * `can` allows, and each page only the forms it allows (its loader says which). Safe on the
 * client (no server imports).
 */
import { STAFF_ROLES, type StaffRole } from "~/db/staff-values";

export { STAFF_ROLES, type StaffRole };

/** Every permission, with what it covers (shown on the staff page). */
export const PERMISSIONS = {
  "dashboard.view": "The dashboard and the site's visitor analytics",
  "enquiries.view": "Read enquiries",
  "enquiries.manage": "Change an enquiry's status",
  "applications.view": "Read applications and their documents",
  "applications.manage": "Decide applications and change the admission settings",
  "fees.view": "Read the roll, fees, payments, receipts, collections and defaulters",
  "fees.manage": "Collect at the office, cancel receipts, refund, change the fee book and the roll",
  "messages.view": "Read the messages sent to parents and the office",
  "messages.manage": "Resend a message; send today's fee reminders now; stop or restart a family's reminders",
  "content.edit": "Write drafts of the site's content",
  "content.publish": "Publish the site's content",
  "settings.manage": "Message settings and the payment debug page",
  "staff.manage": "Invite, change and disable staff accounts",
  "audit.view": "Read the audit log",
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** Each role's name as the office reads it, and the permissions it grants. */
export const ROLES: Record<StaffRole, { label: string; permissions: readonly Permission[] }> = {
  accounts: { label: "Accounts", permissions: ["dashboard.view", "fees.view", "fees.manage", "messages.view", "messages.manage"] },
  admissions: {
    label: "Admissions",
    permissions: ["dashboard.view", "enquiries.view", "enquiries.manage", "applications.view", "applications.manage", "messages.view", "messages.manage"],
  },
  editor: { label: "Editor", permissions: ["dashboard.view", "content.edit"] },
  publisher: { label: "Publisher", permissions: ["dashboard.view", "content.edit", "content.publish"] },
  viewer: { label: "Viewer", permissions: ["dashboard.view", "enquiries.view", "applications.view", "fees.view", "messages.view"] },
};

/** Roles whose holders must sign in with a second factor (TOTP): money. The owner always must. */
export const TWO_FACTOR_ROLES: readonly StaffRole[] = ["accounts"];

/** What the permission check needs to know about a person. */
export type Grantee = { owner: boolean; roles: readonly StaffRole[] };

/** The permissions `who` holds, in the table's order. */
export function permissionsOf(who: Grantee): Permission[] {
  if (who.owner) return [...ALL_PERMISSIONS];
  const held = new Set(who.roles.flatMap((r) => ROLES[r]?.permissions ?? []));
  return ALL_PERMISSIONS.filter((p) => held.has(p));
}

/** Whether `who` holds `permission`. */
export function can(who: Grantee, permission: Permission): boolean {
  return who.owner || who.roles.some((r) => ROLES[r]?.permissions.includes(permission));
}

/**
 * Who may use `permission`, as a page's read-only note names them (app/components/read-only-note.tsx):
 * "the Accounts role", "the Accounts or Admissions role", or "the owner" when no role grants it.
 */
export function whoMay(permission: Permission): string {
  const labels = STAFF_ROLES.filter((r) => ROLES[r].permissions.includes(permission)).map((r) => ROLES[r].label);
  return labels.length ? `the ${new Intl.ListFormat("en-GB", { type: "disjunction" }).format(labels)} role` : "the owner";
}

/** Whether `who` must have a second factor before using the admin. */
export function needsTwoFactor(who: Grantee): boolean {
  return who.owner || who.roles.some((r) => TWO_FACTOR_ROLES.includes(r));
}
