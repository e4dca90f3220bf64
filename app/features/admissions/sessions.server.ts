/**
 * The admission session settings: which session is open, its classes, the
 * application fee (paise) and the age cut-off date. The first call on an empty table creates
 * the session of the content module (content/calendar.ts `admissionsSession`, content/fees.ts
 * `applicationDefaults`, cut-off 31 March of its start year), so a fresh site (npm start, the
 * e2e servers) takes applications at once; the administrator edits it in the admin area.
 * Every function throws what the driver throws.
 */
import { desc, eq, sql } from "drizzle-orm";
import { admissionsSession } from "#content/calendar";
import { applicationDefaults } from "#content/fees";
import { recordAudit, recordChange, type Actor } from "~/core/audit/audit.server";
import { bumpContentVersion } from "~/core/content/version.server";
import type { Database } from "~/db/client.server";
import { admissionSessions } from "~/db/schema/admissions";
import { sessionKey } from "~/lib/dates";
import { defaultCutOff } from "./age";

export type AdmissionSession = typeof admissionSessions.$inferSelect;

/** The databases known to hold a session: sessions are never deleted, so each is asked once a process. */
const haveSession = new WeakSet<Database>();

/** Creates the content module's session when no session exists yet (idempotent). */
export async function ensureDefaultSession(db: Database): Promise<void> {
  if (haveSession.has(db)) return;
  const [any] = await db.select({ id: admissionSessions.id }).from(admissionSessions).limit(1);
  if (any) {
    haveSession.add(db);
    return;
  }
  const name = sessionKey(admissionsSession);
  // A concurrent first call inserts the same row: any unique conflict means it exists.
  await db
    .insert(admissionSessions)
    .values({ name, isOpen: true, openClasses: applicationDefaults.openClasses, applicationFeePaise: applicationDefaults.feePaise, ageCutOff: defaultCutOff(name) })
    .onConflictDoNothing();
}

/** The open session, or null when the school has closed admissions. */
export async function openSession(db: Database): Promise<AdmissionSession | null> {
  await ensureDefaultSession(db);
  const [row] = await db.select().from(admissionSessions).where(eq(admissionSessions.isOpen, true));
  return row ?? null;
}

/** Every session, newest first (the administrator's filter and settings). */
export async function allSessions(db: Database): Promise<AdmissionSession[]> {
  await ensureDefaultSession(db);
  return db.select().from(admissionSessions).orderBy(desc(admissionSessions.name));
}

export type SessionSettings = { name: string; openClasses: string[]; applicationFeePaise: number; ageCutOff: string };

/** What the audit log keeps of a session's settings. */
function auditedSettings(s: Pick<AdmissionSession, "isOpen" | "openClasses" | "applicationFeePaise" | "ageCutOff">) {
  return { isOpen: s.isOpen, openClasses: s.openClasses, applicationFeePaise: s.applicationFeePaise, ageCutOff: s.ageCutOff };
}

/**
 * Saves the settings of session `name` (creating it when new) and makes it the open one; every
 * other session closes. One transaction, with an audit row (`settings.admissions`, by session
 * name) for each session that changed, and the content version bumped (/fee shows the open
 * session's application fee and age cut-off). `actor` is who saves them.
 */
export async function saveSessionSettings(db: Database, settings: SessionSettings, actor: Actor, now = new Date()): Promise<AdmissionSession> {
  return db.transaction(async (tx) => {
    const closed = await tx.update(admissionSessions).set({ isOpen: false }).where(sql`${admissionSessions.name} <> ${settings.name} and ${admissionSessions.isOpen}`).returning({ name: admissionSessions.name });
    for (const c of closed) await recordAudit(tx, { actor, action: "settings.admissions", entity: "settings", entityId: `admissions ${c.name}`, before: { isOpen: true }, after: { isOpen: false } });
    const [old] = await tx.select().from(admissionSessions).where(eq(admissionSessions.name, settings.name)).for("update");
    const values = { openClasses: settings.openClasses, applicationFeePaise: settings.applicationFeePaise, ageCutOff: settings.ageCutOff, isOpen: true, updatedAt: now, updatedBy: actor.email };
    const [row] = await tx
      .insert(admissionSessions)
      .values({ name: settings.name, ...values })
      .onConflictDoUpdate({ target: admissionSessions.name, set: values })
      .returning();
    const audit = { actor, action: "settings.admissions", entity: "settings", entityId: `admissions ${settings.name}`, after: auditedSettings(row!) };
    if (old) await recordChange(tx, { ...audit, before: auditedSettings(old) });
    else await recordAudit(tx, audit);
    // /fee shows the open session's application fee and age cut-off.
    await bumpContentVersion(tx);
    return row!;
  });
}

/**
 * Closes admissions: no session is open (the form says so). An audit row per session closed,
 * and the content version bumped when one was (/fee shows the open session's figures).
 */
export async function closeAdmissions(db: Database, actor: Actor, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const closed = await tx.update(admissionSessions).set({ isOpen: false, updatedAt: now, updatedBy: actor.email }).where(eq(admissionSessions.isOpen, true)).returning({ name: admissionSessions.name });
    for (const c of closed) await recordAudit(tx, { actor, action: "settings.admissions", entity: "settings", entityId: `admissions ${c.name}`, before: { isOpen: true }, after: { isOpen: false } });
    if (closed.length > 0) await bumpContentVersion(tx);
  });
}

/** The age cut-off date ("yyyy-mm-dd") of session `id`, or null when there is no such session. */
export async function cutOffOf(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ ageCutOff: admissionSessions.ageCutOff }).from(admissionSessions).where(eq(admissionSessions.id, id));
  return row?.ageCutOff ?? null;
}
