/**
 * For database tests of audited changes: a staff member to act as, and the audit rows a change
 * left, oldest first.
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import type { Actor } from "./audit.server";

/** A signed-in staff member at a documentation address (RFC 5737). */
export function testActor(email = "accounts@school.test"): Actor {
  return { userId: `user-${email}`, email, ip: "203.0.113.7" };
}

/** Audit rows with `action` (and `entityId` when given), oldest first. */
export async function auditRows(db: Database, action: string, entityId?: string) {
  const where: SQL[] = [eq(auditLog.action, action)];
  if (entityId !== undefined) where.push(eq(auditLog.entityId, entityId));
  return db.select().from(auditLog).where(and(...where)).orderBy(asc(auditLog.id));
}

/** What a row says about who: as `toMatchObject` compares it with an actor. */
export function byActor(actor: Actor) {
  return { actorId: actor.userId, actorEmail: actor.email, ip: actor.ip };
}
