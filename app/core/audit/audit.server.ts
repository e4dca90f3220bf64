/**
 * The audit log (issue 27): who changed what, when, from where, before → after. A change and its
 * audit row are written in one transaction (`recordAudit(tx, …)` inside the change's own), so
 * one never exists without the other. The table is append-only (migration 0021's trigger).
 */
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { changedFields } from "./changes";

/** Who did it: a signed-in person (user id, e-mail, client address) or the system. */
export type Actor = { userId: string | null; email: string; ip: string | null };

/** Changes no person made: a gateway's webhook, a background job, a command-line script. */
export const SYSTEM_ACTOR: Actor = { userId: null, email: "system", ip: null };

/** A signed-in person as an actor; `ip` is the request's client address (load context). */
export function actorOf(user: { id: string; email: string }, ip: string | null | undefined): Actor {
  return { userId: user.id, email: user.email, ip: ip || null };
}

export type AuditEntry = {
  actor: Actor;
  /** `<entity>.<verb>`, e.g. "receipt.cancel", "application.status", "staff.invite". */
  action: string;
  /** "receipt", "application", "student", "fee_book", "setting", "staff", "payment_order", … */
  entity: string;
  /** The id the office knows it by (receipt number, application number, admission number, …). */
  entityId?: string | null;
  /** The record before and after; only the fields that differ are kept (changes.ts). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Defaults to the transaction's time (now()). */
  at?: Date;
};

/**
 * Appends one audit row inside `tx` (the change's own transaction). Throws what the database
 * throws, which rolls the change back with it: a change is never left unrecorded.
 */
export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  const { before, after } = changedFields(entry.before ?? null, entry.after ?? null);
  await tx.insert(auditLog).values({
    actorId: entry.actor.userId,
    actorEmail: entry.actor.email,
    ip: entry.actor.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before,
    after,
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/**
 * `recordAudit` for an edit of something that exists: writes nothing when no field differs (a
 * form saved unchanged), so the log holds changes only. Returns whether a row was written.
 */
export async function recordChange(tx: Database, entry: AuditEntry & { before: Record<string, unknown>; after: Record<string, unknown> }): Promise<boolean> {
  const { after } = changedFields(entry.before, entry.after);
  if (!after || Object.keys(after).length === 0) return false;
  await recordAudit(tx, entry);
  return true;
}
