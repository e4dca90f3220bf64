/** What /admin/staff shows of a staff member: times in IST (12-hour). Pure. */
import type { StaffRole } from "~/db/staff-values";
import { formatDateTime } from "~/lib/dates";
import type { StaffMember, StaffStatus } from "./staff.server";

export type StaffRowView = {
  userId: string;
  name: string;
  email: string;
  roles: StaffRole[];
  status: StaffStatus;
  invitedBy: string | null;
  invited: string;
  lastSignIn: string | null;
  disabled: string | null;
};

/** A role to choose, with what it allows (from permissions.ts ROLES and PERMISSIONS). */
export type RoleChoice = { value: StaffRole; label: string; permissions: string[] };

export function staffRowView(m: StaffMember): StaffRowView {
  return {
    userId: m.userId,
    name: m.name,
    email: m.email,
    roles: m.roles,
    status: m.status,
    invitedBy: m.invitedBy,
    invited: formatDateTime(m.invitedAt),
    lastSignIn: m.lastSignInAt ? formatDateTime(m.lastSignInAt) : null,
    disabled: m.disabledAt ? formatDateTime(m.disabledAt) : null,
  };
}
