import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, can, needsTwoFactor, permissionsOf, ROLES, STAFF_ROLES } from "./permissions";

const staffOf = (...roles: (typeof STAFF_ROLES)[number][]) => ({ owner: false, roles });

describe("the permission table", () => {
  it("gives the owner everything, and staff management, the audit log and settings to the owner alone", () => {
    expect(permissionsOf({ owner: true, roles: [] })).toEqual(ALL_PERMISSIONS);
    for (const role of STAFF_ROLES) {
      for (const p of ["staff.manage", "audit.view", "settings.manage"] as const) expect(can(staffOf(role), p), `${role} ${p}`).toBe(false);
    }
  });

  it("gives Accounts money and not admissions; Admissions the reverse; a Viewer only reading", () => {
    expect(can(staffOf("accounts"), "fees.manage")).toBe(true);
    expect(can(staffOf("accounts"), "applications.view")).toBe(false);
    expect(can(staffOf("admissions"), "applications.manage")).toBe(true);
    expect(can(staffOf("admissions"), "fees.view")).toBe(false);
    expect(permissionsOf(staffOf("viewer")).every((p) => p.endsWith(".view"))).toBe(true);
    expect(can(staffOf("editor"), "content.publish")).toBe(false);
    expect(can(staffOf("publisher"), "content.publish")).toBe(true);
  });

  it("unites the roles a person holds, and gives nothing without a role", () => {
    expect(permissionsOf(staffOf("accounts", "admissions"))).toEqual(ALL_PERMISSIONS.filter((p) => ROLES.accounts.permissions.includes(p) || ROLES.admissions.permissions.includes(p)));
    expect(permissionsOf(staffOf())).toEqual([]);
  });

  it("asks the owner and Accounts for a second factor, not the others", () => {
    expect(needsTwoFactor({ owner: true, roles: [] })).toBe(true);
    expect(needsTwoFactor(staffOf("viewer", "accounts"))).toBe(true);
    expect(needsTwoFactor(staffOf("admissions", "editor", "publisher", "viewer"))).toBe(false);
  });
});
