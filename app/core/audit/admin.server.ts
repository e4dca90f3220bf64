/**
 * The owner's view of the audit log (/admin/audit and its CSV): rows filtered by who, action,
 * the entity's id and IST dates, newest first and paged; the people and actions on the log for
 * the filters' choices; and the page's data. Every function throws what the driver throws.
 */
import { and, asc, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { addDays, istMidnight } from "~/lib/dates";
import { AUDIT_PAGE_SIZE, parseAuditQuery, type AuditFilters } from "./list-query";
import { auditRowView, type AuditRecord, type AuditRowView } from "./view";
import { escapeLike } from "~/lib/search";

function whereOf(f: AuditFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.who) parts.push(eq(auditLog.actorEmail, f.who));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.q) parts.push(ilike(auditLog.entityId, `%${escapeLike(f.q)}%`));
  if (f.from) parts.push(gte(auditLog.at, istMidnight(f.from)));
  if (f.to) parts.push(lt(auditLog.at, istMidnight(addDays(f.to, 1))));
  return parts.length ? and(...parts) : undefined;
}

const columns = { id: auditLog.id, at: auditLog.at, actorEmail: auditLog.actorEmail, ip: auditLog.ip, action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId, before: auditLog.before, after: auditLog.after };

/** One page of rows matching `filters`, newest first, and how many match in all. */
export async function listAudit(db: Database, filters: AuditFilters, page: { number: number; size: number }): Promise<{ rows: AuditRecord[]; total: number }> {
  const where = whereOf(filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

/** Every row matching `filters`, newest first, at most `limit` (the CSV). */
export async function allAudit(db: Database, filters: AuditFilters, limit = 100_000): Promise<AuditRecord[]> {
  return db.select(columns).from(auditLog).where(whereOf(filters)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}

/** Who and which actions are on the log, alphabetically, for the filters' lists. */
export async function auditChoices(db: Database): Promise<{ who: string[]; actions: string[] }> {
  const [who, actions] = await Promise.all([
    db.selectDistinct({ v: auditLog.actorEmail }).from(auditLog).orderBy(asc(auditLog.actorEmail)).limit(500),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)).limit(500),
  ]);
  return { who: who.map((r) => r.v), actions: actions.map((r) => r.v) };
}

export type AuditPageData = { rows: AuditRowView[]; total: number; page: number; pageCount: number; filters: AuditFilters; choices: { who: string[]; actions: string[] } };

/** What /admin/audit shows for the URL's `params`. */
export async function auditPageData(db: Database, params: URLSearchParams): Promise<AuditPageData> {
  const { filters, page } = parseAuditQuery(params);
  const [{ rows, total }, choices] = await Promise.all([listAudit(db, filters, { number: page, size: AUDIT_PAGE_SIZE }), auditChoices(db)]);
  return { rows: rows.map(auditRowView), total, page, pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)), filters, choices };
}
