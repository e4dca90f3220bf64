/**
 * Failed administrator sign-ins, kept for throttling per account and per client IP
 * (DESIGN.md §6, ASVS 2.2.1: no more than 100 failures an hour). Stored in the database so the
 * limit holds across server processes and restarts.
 */
import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased e-mail address that was tried. */
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_email_idx").on(t.email, t.createdAt), index("sign_in_failures_ip_idx").on(t.ip, t.createdAt)],
);
