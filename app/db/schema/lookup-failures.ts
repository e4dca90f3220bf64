/**
 * Wrong tries at the parents' look-ups (a receipt by number, a student by admission number and
 * date of birth, an application by number and mobile) and the staff's password reset requests
 * (every request, by address), one table for all, read and written by
 * app/db/lookup-throttle.server.ts only. `kind` names the look-up, `key` the number
 * tried (upper-cased, trimmed), `ip` the client. Rows older than a day are removed as new ones
 * arrive; the longest window is 15 minutes.
 */
import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const LOOKUP_KINDS = ["receipt", "fee_student", "application", "password_reset"] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const lookupFailures = pgTable(
  "lookup_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: LOOKUP_KINDS }).notNull(),
    key: text("key").notNull(),
    ip: text("ip").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lookup_failures_ip_idx").on(t.kind, t.ip, t.at), index("lookup_failures_key_idx").on(t.kind, t.key, t.at), index("lookup_failures_at_idx").on(t.at)],
);
