/** fast-check arbitraries of stored visits for the property tests. */
import fc from "fast-check";
import type { VisitRow } from "../figures/procedure-twins";

export const BASE = Date.parse("2026-03-15T12:00:00.000Z");
const DAY = 86_400_000;

const referrer = fc.oneof(
  fc.constant(null),
  fc.constant(""),
  fc.constantFrom(
    "https://www.google.co.in/search?q=school",
    "https://www.bing.com/",
    "https://duckduckgo.com/?q=kva",
    "https://l.facebook.com/l.php",
    "https://t.co/x",
    "https://www.youtube.com/watch?v=1",
    "https://kva-school.example/overview",
    "https://WWW.KVA-School.example/apply",
    "http://localhost:3000/",
    "http://192.168.0.5/",
    "http://[::1]:3000/x",
    "https://user@news.example.org/a",
    "https://schools.example.net/list",
    "android-app://com.google.android.gm/",
    "Unknown Source",
    "no scheme here",
  ),
  fc.webUrl(),
  fc.string({ maxLength: 20 }).map((s) => s.replaceAll("\u0000", "")),
);

/** One stored visit within about 40 days before BASE and 2 days after. */
export const visitRow: fc.Arbitrary<VisitRow> = fc.record({
  visitorIp: fc.constantFrom("49.37.1.1", "49.37.1.2", "103.21.58.9", "2401:4900::1", "unavailable", "dev-localhost"),
  sessionId: fc.constantFrom("sess-a", "sess-b", "sess-c", "sess-d"),
  pageVisited: fc.constantFrom("/", "/apply", "/fee", "/overview", "/Apply", "/a b", "/ü"),
  referrer,
  isApplyPage: fc.boolean(),
  isNewVisitor: fc.boolean(),
  isBot: fc.constantFrom<boolean | null>(false, false, true, null),
  timestamp: fc.integer({ min: BASE - 40 * DAY, max: BASE + 2 * DAY }).map((t) => new Date(t)),
});

export const visitRows = fc.array(visitRow, { maxLength: 60 });
