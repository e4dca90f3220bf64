/**
 * The audit log (issue 27): one row per change to money, receipts, applications, the fee book,
 * the roll, settings, staff accounts and content, written in the change's own transaction by
 * app/core/audit. Append-only: a trigger (migration 0021) refuses UPDATE, DELETE and TRUNCATE,
 * as receipts refuse edits. Restores load it with triggers off, like every table.
 */
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** When the change's transaction ran (UTC; shown in IST). */
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** better-auth user id of who did it; null for the system (a gateway webhook, a job). */
    actorId: text("actor_id"),
    /** Their e-mail address at the time (kept when the account is later removed), or "system". */
    actorEmail: text("actor_email").notNull(),
    /** What was done, `<entity>.<verb>`, e.g. "receipt.cancel", "fee_book.update". */
    action: text("action").notNull(),
    /** The kind of thing changed ("receipt", "application", "student", "staff", "setting", …). */
    entity: text("entity").notNull(),
    /** Its id as the office knows it (receipt number, application number, admission number, …). */
    entityId: text("entity_id"),
    /** The changed fields before and after (null before a creation, null after a deletion). */
    before: jsonb("before"),
    after: jsonb("after"),
    /** The client address the request came from (null for the system). */
    ip: text("ip"),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_actor_idx").on(t.actorId, t.at), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);
