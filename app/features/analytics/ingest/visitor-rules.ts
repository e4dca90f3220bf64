/**
 * New or returning (SPEC §4 "Visitor session"), as a pure function over earlier visits. It is
 * the oracle the ingest's batch classifier (batch-insert.server.ts) is tested against, and, as
 * VisitClassifier, what data correction applies to stored rows.
 *
 * A visit is new (visit_count 1) when no earlier non-bot record matches by session, then by the
 * same IP within 24 hours, then by the same IP within 7 days. Otherwise it is returning, with
 * visit_count one above the highest visit_count among the records of the first rule that
 * matched; when only the 7-day IP rule matched and it found a single record, visit_count is 2.
 * Records whose IP is 'unavailable' (the minimal insert) match by session only.
 */

export const DAY_MS = 86_400_000;
export const RETURNING_WINDOW_SHORT_MS = DAY_MS; // 24 h (SPEC §9)
export const RETURNING_WINDOW_LONG_MS = 7 * DAY_MS; // 7 days (SPEC §9)
export const UNAVAILABLE_IP = "unavailable";

export type Classification = { isNewVisitor: boolean; visitCount: number };

export type VisitKey = {
  sessionId: string;
  visitorIp: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
};

export type EarlierVisit = VisitKey & { visitCount: number; isBot?: boolean | null };

/**
 * Classifies `visit` against `earlier` (records stored before it; bots are ignored). Pure.
 * Windows are open at the old end: a record exactly 24 h old is outside the 24 h window.
 */
export function classifyVisit(earlier: readonly EarlierVisit[], visit: VisitKey): Classification {
  const humans = earlier.filter((r) => r.isBot !== true);
  const session = humans.filter((r) => r.sessionId === visit.sessionId);
  if (session.length > 0) return returning(session);
  if (visit.visitorIp === UNAVAILABLE_IP) return { isNewVisitor: true, visitCount: 1 };
  const sameIp = humans.filter((r) => r.visitorIp === visit.visitorIp);
  const day = sameIp.filter((r) => r.timestamp > visit.timestamp - RETURNING_WINDOW_SHORT_MS);
  if (day.length > 0) return returning(day);
  const week = sameIp.filter((r) => r.timestamp > visit.timestamp - RETURNING_WINDOW_LONG_MS);
  if (week.length === 1) return { isNewVisitor: false, visitCount: 2 };
  if (week.length > 1) return returning(week);
  return { isNewVisitor: true, visitCount: 1 };
}

function returning(matched: readonly EarlierVisit[]): Classification {
  return { isNewVisitor: false, visitCount: Math.max(...matched.map((r) => r.visitCount)) + 1 };
}

/**
 * The same rules as `classifyVisit` for a stream of visits in (timestamp, id) order, keeping only
 * what the rules need (each session's highest visit_count, each IP's last 7 days). Feed every
 * stored row through `next` in order; it returns what the row should hold and remembers the
 * row with that corrected value. Memory is O(sessions + visits in the last 7 days).
 */
export class VisitClassifier {
  private readonly sessions = new Map<string, number>();
  private readonly ips = new Map<string, { timestamp: number; visitCount: number }[]>();

  /** Classifies a visit and records it. Bots are classified as nothing and not recorded. */
  next(visit: VisitKey & { isBot?: boolean | null }): Classification | null {
    if (visit.isBot === true) return null;
    const result = this.classify(visit);
    this.sessions.set(visit.sessionId, Math.max(this.sessions.get(visit.sessionId) ?? 0, result.visitCount));
    if (visit.visitorIp !== UNAVAILABLE_IP) {
      const list = this.ips.get(visit.visitorIp) ?? [];
      list.push({ timestamp: visit.timestamp, visitCount: result.visitCount });
      this.ips.set(visit.visitorIp, list);
    }
    return result;
  }

  private classify(visit: VisitKey): Classification {
    const sessionMax = this.sessions.get(visit.sessionId);
    if (sessionMax !== undefined) return { isNewVisitor: false, visitCount: sessionMax + 1 };
    if (visit.visitorIp === UNAVAILABLE_IP) return { isNewVisitor: true, visitCount: 1 };
    const list = this.ips.get(visit.visitorIp);
    if (!list) return { isNewVisitor: true, visitCount: 1 };
    // Drop what no later visit (timestamps ascend) can match.
    const weekStart = visit.timestamp - RETURNING_WINDOW_LONG_MS;
    let drop = 0;
    while (drop < list.length && list[drop]!.timestamp <= weekStart) drop++;
    if (drop > 0) list.splice(0, drop);
    if (list.length === 0) {
      this.ips.delete(visit.visitorIp);
      return { isNewVisitor: true, visitCount: 1 };
    }
    const dayStart = visit.timestamp - RETURNING_WINDOW_SHORT_MS;
    let dayMax = -1;
    let weekMax = -1;
    for (const r of list) {
      weekMax = Math.max(weekMax, r.visitCount);
      if (r.timestamp > dayStart) dayMax = Math.max(dayMax, r.visitCount);
    }
    if (dayMax >= 0) return { isNewVisitor: false, visitCount: dayMax + 1 };
    if (list.length === 1) return { isNewVisitor: false, visitCount: 2 };
    return { isNewVisitor: false, visitCount: weekMax + 1 };
  }
}
