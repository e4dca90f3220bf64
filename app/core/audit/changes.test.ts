import { describe, expect, it } from "vitest";
import { auditValue, changedFields, flattenFields } from "./changes";

describe("changedFields", () => {
  it("keeps only what differs, deeply, with a missing field as null", () => {
    expect(changedFields({ status: "submitted", note: "a", lines: [1, 2], same: { x: 1 } }, { status: "admitted", note: "a", lines: [1, 3], same: { x: 1 }, extra: 5 })).toEqual({
      before: { status: "submitted", lines: [1, 2], extra: null },
      after: { status: "admitted", lines: [1, 3], extra: 5 },
    });
  });

  it("keeps a creation's or a deletion's side whole", () => {
    expect(changedFields(null, { amountPaise: 150000 })).toEqual({ before: null, after: { amountPaise: 150000 } });
    expect(changedFields({ amountPaise: 150000 }, null)).toEqual({ before: { amountPaise: 150000 }, after: null });
  });

  it("writes dates as UTC ISO strings and drops undefined", () => {
    expect(auditValue({ at: new Date(Date.UTC(2026, 3, 1, 4, 30)), gone: undefined, n: 10n })).toEqual({ at: "2026-04-01T04:30:00.000Z", n: "10" });
  });
});

describe("flattenFields", () => {
  it("spreads nested objects into dotted keys and keeps arrays whole", () => {
    expect(flattenFields({ off: ["fee_reminder"], reminders: { hour: 9, days: [7, 2] }, ids: { a: "X1", b: { c: 1 } }, empty: {} })).toEqual({
      off: ["fee_reminder"],
      "reminders.hour": 9,
      "reminders.days": [7, 2],
      "ids.a": "X1",
      "ids.b.c": 1,
    });
  });

  it("lets changedFields keep one nested field that changed", () => {
    expect(changedFields(flattenFields({ ids: { a: "X1", b: "Y" } }), flattenFields({ ids: { a: "X2", b: "Y" } }))).toEqual({ before: { "ids.a": "X1" }, after: { "ids.a": "X2" } });
  });
});
