/**
 * A revision against the published version, as the admin reads it: changed fields word by word,
 * the body line by line with a replaced line compared word by word, times in India, unchanged
 * fields marked so; and the lines of the editor's views.
 */
import { describe, expect, it } from "vitest";
import { compareFields, displayValue, textDiff } from "./diff";
import { publishedLine, revisionView } from "./view";

const published = {
  title: "Inter-house quiz 2026",
  date: "2026-11-20",
  category: "Event",
  event: { start: "2026-11-20T10:00" },
  summary: "Our four houses met in the final of the inter-house quiz in the school hall.",
  body: "## The final\n\nRed house won by two points.\n\nThanks to all.",
  image: "/images/campus.svg",
  imageAlt: "The school building",
  publishAt: null,
  unpublishAt: null,
};

describe("compareFields", () => {
  it("marks the words a revision changed and leaves the rest as they are", () => {
    const revision = { ...published, title: "Inter-house quiz 2026: the final", body: "## The final\n\nBlue house won by two points.\n\nThanks to all.", event: { start: "2026-11-20T10:30", location: "School hall" } };
    const fields = compareFields("news", published, revision);
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(fields.map((f) => f.key)).toEqual(["title", "date", "category", "event.start", "event.end", "event.location", "summary", "body", "image", "imageAlt", "publishAt", "unpublishAt"]);
    expect(byKey.title!.parts).toEqual([
      { text: "Inter-house quiz 2026", change: "same" },
      { text: ": the final", change: "added" },
    ]);
    expect(byKey.body!.parts).toEqual([
      { text: "## The final\n\n", change: "same" },
      { text: "Red", change: "removed" },
      { text: "Blue", change: "added" },
      { text: " house won by two points.\n\nThanks to all.", change: "same" },
    ]);
    expect(byKey.body!.block).toBe(true);
    expect(byKey["event.start"]!.parts).toEqual([{ text: "20 Nov 2026, 10:", change: "same" }, { text: "00", change: "removed" }, { text: "30", change: "added" }, { text: " AM", change: "same" }]);
    expect(byKey["event.location"]).toMatchObject({ changed: true, parts: [{ text: "School hall", change: "added" }] });
    expect(fields.filter((f) => !f.changed).map((f) => f.key)).toEqual(["date", "category", "event.end", "summary", "image", "imageAlt", "publishAt", "unpublishAt"]);
  });

  it("shows everything as added when nothing is published, and a notice's times and banner in words", () => {
    const notice = { title: "Closed", body: "", startsAt: "2026-11-27T18:30:00.000Z", endsAt: "2026-11-28T12:30:00.000Z", banner: true, publishAt: null, unpublishAt: null };
    const fields = compareFields("notice", null, notice);
    expect(fields.find((f) => f.key === "startsAt")?.parts).toEqual([{ text: "28 Nov 2026, 12:00 AM", change: "added" }]);
    expect(fields.find((f) => f.key === "banner")?.parts).toEqual([{ text: "Yes", change: "added" }]);
    expect(fields.find((f) => f.key === "body")?.changed).toBe(false);
  });

  it("reads values in words: India times, dates, 12-hour event times, Yes and No", () => {
    expect(displayValue("publishAt", "2026-11-28T03:30:00.000Z")).toBe("28 Nov 2026, 9:00 AM");
    expect(displayValue("date", "2026-11-20")).toBe("20 Nov 2026");
    expect(displayValue("keywords", ["principal message", "CBSE school principal Kharagpur"])).toBe("principal message\nCBSE school principal Kharagpur");
    expect(displayValue("event.start", "2026-11-20T17:05")).toBe("20 Nov 2026, 5:05 PM");
    expect(displayValue("banner", false)).toBe("No");
    expect(displayValue("unpublishAt", null)).toBe("");
  });

  it("keeps added and removed lines whole when no line replaces another", () => {
    expect(textDiff("a\nb\n", "a\nb\nc\n")).toEqual([
      { text: "a\nb\n", change: "same" },
      { text: "c\n", change: "added" },
    ]);
  });
});

describe("views", () => {
  it("say when a publish shows: now, or from a later start", () => {
    const now = new Date("2026-11-27T06:00:00Z");
    expect(publishedLine({ publishAt: null }, now)).toBe("Saved and published: visitors see it now.");
    expect(publishedLine({ publishAt: "2026-11-27T10:00:00.000Z", startsAt: "2026-11-27T18:30:00.000Z" }, now)).toBe("Saved and published: it shows on the site from 28 Nov 2026, 12:00 AM.");
  });

  it("name a revision's action, author and time, and mark the one that is the draft now", () => {
    const r = { id: 7, version: 3, action: "restore" as const, authorEmail: "owner@test.example", at: new Date("2026-11-27T09:35:00Z") };
    expect(revisionView(r, 3)).toEqual({ id: 7, version: 3, action: "Earlier revision restored", by: "owner@test.example", at: "27 Nov 2026, 3:05 PM", current: true });
    expect(revisionView(r, 4).current).toBe(false);
  });
});
