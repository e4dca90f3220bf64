import { describe, expect, it } from "vitest";
import { DEFAULT_MESSAGE_SETTINGS } from "./settings";
import { applySettingsForm, SCHEDULE_MESSAGES, scheduleValues, TEMPLATE_ID_MESSAGE } from "./settings-form";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("applySettingsForm", () => {
  it("switches a kind off and on again", () => {
    const off = applySettingsForm(form({ intent: "switch", kind: "enquiry_new", on: "0" }), DEFAULT_MESSAGE_SETTINGS);
    expect(off.ok && off.settings.off).toEqual(["enquiry_new"]);
    if (!off.ok) throw new Error("refused");
    expect(off.message).toBe("New enquiry (to the office): switched off.");
    const on = applySettingsForm(form({ intent: "switch", kind: "enquiry_new", on: "1" }), off.settings);
    expect(on.ok && on.settings.off).toEqual([]);
  });

  it("saves, refuses and removes a DLT template id, keeping what was typed when refused", () => {
    const saved = applySettingsForm(form({ intent: "template-id", kind: "fee_reminder", templateId: " 1207161234567890 " }), DEFAULT_MESSAGE_SETTINGS);
    expect(saved.ok && saved.settings.smsTemplateIds).toEqual({ fee_reminder: "1207161234567890" });
    if (!saved.ok) throw new Error("refused");
    expect(applySettingsForm(form({ intent: "template-id", kind: "fee_reminder", templateId: "12 34-x" }), saved.settings)).toEqual({
      ok: false,
      form: "template-id",
      kind: "fee_reminder",
      value: "12 34-x",
      error: TEMPLATE_ID_MESSAGE,
    });
    const removed = applySettingsForm(form({ intent: "template-id", kind: "fee_reminder", templateId: "" }), saved.settings);
    expect(removed.ok && removed.settings.smsTemplateIds).toEqual({});
    // A kind without an SMS has no template id.
    expect(applySettingsForm(form({ intent: "template-id", kind: "enquiry_new", templateId: "123" }), DEFAULT_MESSAGE_SETTINGS).ok).toBe(false);
  });

  it("saves a schedule, sorted and without repeats; an empty list means none", () => {
    const r = applySettingsForm(form({ intent: "schedule", daysBefore: "7, 2 ,7", daysOverdue: "", hour: "10" }), DEFAULT_MESSAGE_SETTINGS);
    expect(r.ok && r.settings.reminders).toEqual({ daysBefore: [2, 7], daysOverdue: [], hour: 10 });
    if (!r.ok) throw new Error("refused");
    expect(scheduleValues(r.settings)).toEqual({ daysBefore: "7, 2", daysOverdue: "", hour: "10" });
  });

  it("refuses a bad schedule with one message per field and the values as typed", () => {
    const values = { daysBefore: "7, 40", daysOverdue: "1, 2, 3, 4, 5, 6, 7", hour: "23" };
    expect(applySettingsForm(form({ intent: "schedule", ...values }), DEFAULT_MESSAGE_SETTINGS)).toEqual({
      ok: false,
      form: "schedule",
      values,
      errors: { daysBefore: SCHEDULE_MESSAGES.daysBefore, daysOverdue: SCHEDULE_MESSAGES.daysOverdue, hour: SCHEDULE_MESSAGES.hour },
    });
    const text = applySettingsForm(form({ intent: "schedule", daysBefore: "seven", daysOverdue: "1", hour: "9.5" }), DEFAULT_MESSAGE_SETTINGS);
    expect(!text.ok && text.form === "schedule" && Object.keys(text.errors)).toEqual(["daysBefore", "hour"]);
  });

  it("keeps the days before the due day within the 15 the family's pay page shows (16 is refused, not a server error)", () => {
    const at15 = applySettingsForm(form({ intent: "schedule", daysBefore: "15", daysOverdue: "1", hour: "9" }), DEFAULT_MESSAGE_SETTINGS);
    expect(at15.ok && at15.settings.reminders.daysBefore).toEqual([15]);
    const text = applySettingsForm(form({ intent: "schedule", daysBefore: "16", daysOverdue: "1", hour: "9" }), DEFAULT_MESSAGE_SETTINGS);
    expect(!text.ok && text.form === "schedule" && text.errors).toEqual({ daysBefore: SCHEDULE_MESSAGES.daysBefore });
  });

  it("never throws on what a user can send", () => {
    for (const fields of [{} as Record<string, string>, { intent: "switch", kind: "constructor" }, { intent: "nope" }, { intent: "schedule" }, { intent: "schedule", daysBefore: "28", daysOverdue: "1", hour: "9" }, { intent: "template-id", kind: "x".repeat(10_000) }]) {
      expect(() => applySettingsForm(form(fields), DEFAULT_MESSAGE_SETTINGS)).not.toThrow();
    }
  });
});
