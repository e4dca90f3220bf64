/**
 * The school's staff accounts beyond the owner (issue 27). A staff member is a better-auth user
 * with a row here: the roles they hold (app/features/auth/permissions.ts maps them to
 * permissions), who invited them and when, and when the owner disabled them (their sessions are
 * deleted in the same transaction; a disabled account cannot sign in). The owner (ADMIN_EMAIL,
 * SPEC §6) needs no row: the address alone gives every permission.
 */
import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { STAFF_ROLES } from "../staff-values";

export const staff = pgTable(
  "staff",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Roles held, each one of STAFF_ROLES; several allowed, none means no access. */
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    /** User id of whoever invited them (the owner), null for accounts made from the command line. */
    invitedBy: text("invited_by"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [check("staff_roles_known", sql`${t.roles} <@ ARRAY[${sql.raw(STAFF_ROLES.map((r) => `'${r}'`).join(", "))}]::text[]`)],
);
