import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, VisitClassifier, classifyVisit, type EarlierVisit } from "./visitor-rules";

const T = Date.parse("2026-03-10T06:30:00Z");
const HOUR = 3_600_000;
const visit = (sessionId: string, visitorIp: string, timestamp: number, visitCount: number, isBot: boolean | null = false): EarlierVisit => ({ sessionId, visitorIp, timestamp, visitCount, isBot });

describe("new or returning (SPEC §4)", () => {
  it("is new with visit_count 1 when nothing matches", () => {
    expect(classifyVisit([], { sessionId: "s1", visitorIp: "1.1.1.1", timestamp: T })).toEqual({ isNewVisitor: true, visitCount: 1 });
    expect(classifyVisit([visit("s2", "2.2.2.2", T - HOUR, 4)], { sessionId: "s1", visitorIp: "1.1.1.1", timestamp: T })).toEqual({ isNewVisitor: true, visitCount: 1 });
  });

  it("matches by session first: one above the session's highest visit_count, whatever the IP", () => {
    const earlier = [visit("s1", "9.9.9.9", T - 30 * DAY_MS, 3), visit("s1", "8.8.8.8", T - HOUR, 5), visit("s9", "1.1.1.1", T - HOUR, 20)];
    expect(classifyVisit(earlier, { sessionId: "s1", visitorIp: "1.1.1.1", timestamp: T })).toEqual({ isNewVisitor: false, visitCount: 6 });
  });

  it("then by the same IP within 24 hours: one above the highest of those", () => {
    const earlier = [visit("a", "1.1.1.1", T - 23 * HOUR, 2), visit("b", "1.1.1.1", T - HOUR, 1), visit("c", "1.1.1.1", T - 3 * DAY_MS, 9)];
    expect(classifyVisit(earlier, { sessionId: "new", visitorIp: "1.1.1.1", timestamp: T })).toEqual({ isNewVisitor: false, visitCount: 3 });
  });

  it("a record exactly 24 h old is outside the 24 h window", () => {
    const earlier = [visit("a", "1.1.1.1", T - DAY_MS, 4), visit("b", "1.1.1.1", T - 2 * DAY_MS, 6)];
    // 7-day rule with two records: one above the highest.
    expect(classifyVisit(earlier, { sessionId: "new", visitorIp: "1.1.1.1", timestamp: T })).toEqual({ isNewVisitor: false, visitCount: 7 });
  });

  it("then by the same IP within 7 days: 2 when there is a single record, whatever its visit_count", () => {
    expect(classifyVisit([visit("a", "1.1.1.1", T - 3 * DAY_MS, 5)], { sessionId: "new", visitorIp: "1.1.1.1", timestamp: T })).toEqual({ isNewVisitor: false, visitCount: 2 });
  });

  it("is new again after 7 days", () => {
    expect(classifyVisit([visit("a", "1.1.1.1", T - 7 * DAY_MS, 5)], { sessionId: "new", visitorIp: "1.1.1.1", timestamp: T })).toEqual({ isNewVisitor: true, visitCount: 1 });
  });

  it("ignores bots, and matches 'unavailable' records by session only", () => {
    expect(classifyVisit([visit("s1", "1.1.1.1", T - HOUR, 3, true)], { sessionId: "s1", visitorIp: "1.1.1.1", timestamp: T })).toEqual({ isNewVisitor: true, visitCount: 1 });
    expect(classifyVisit([visit("a", "unavailable", T - HOUR, 3)], { sessionId: "b", visitorIp: "unavailable", timestamp: T })).toEqual({ isNewVisitor: true, visitCount: 1 });
    expect(classifyVisit([visit("a", "unavailable", T - HOUR, 3)], { sessionId: "a", visitorIp: "unavailable", timestamp: T })).toEqual({ isNewVisitor: false, visitCount: 4 });
  });

  it("the streaming classifier agrees with classifyVisit on random histories", () => {
    const event = fc.record({
      sessionId: fc.constantFrom("s1", "s2", "s3", "s4"),
      visitorIp: fc.constantFrom("1.1.1.1", "2.2.2.2", "unavailable"),
      gap: fc.integer({ min: 0, max: 3 * DAY_MS }),
      isBot: fc.constantFrom(false, false, false, true, null),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const stream = new VisitClassifier();
        const stored: EarlierVisit[] = [];
        let t = T;
        for (const e of events) {
          t += e.gap;
          const expected = e.isBot === true ? null : classifyVisit(stored, { ...e, timestamp: t });
          expect(stream.next({ ...e, timestamp: t })).toEqual(expected);
          stored.push({ ...e, timestamp: t, visitCount: expected?.visitCount ?? 1 });
        }
      }),
      { numRuns: 300 },
    );
  });
});
