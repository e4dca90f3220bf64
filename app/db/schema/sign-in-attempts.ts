/**
 * Failed administrator sign-ins, kept for throttling per account and client (DESIGN.md §6,
 * ASVS 2.2.1; app/features/auth/sign-in-throttle.server.ts). Stored in the database so the
 * limit holds across server processes and restarts; rows older than a day are deleted.
 */
import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased e-mail address that was tried. */
    email: text("email").notNull(),
    /** Client IP (an IPv6 address as its /56 network). */
    ip: text("ip").notNull(),
    /** Id of the browser's device cookie when it was valid for this account; null otherwise. */
    device: text("device"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_email_idx").on(t.email, t.createdAt), index("sign_in_failures_ip_idx").on(t.ip, t.createdAt)],
);
