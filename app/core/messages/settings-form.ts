/**
 * The forms of the message templates page (/admin/messages/templates), read with zod into a
 * change of the messages settings (./settings.ts): switch a kind on or off, set or clear a
 * kind's DLT template id, and the fee reminder schedule. A refused form gives each field's
 * message and the values as typed, so the page shows them again. Pure.
 */
import { z } from "zod";
import { messageSettingsSchema, type MessageSettings } from "./settings";
import { MESSAGE_KINDS, templateOf, type MessageKind } from "./templates";

export const SCHEDULE_MESSAGES = {
  daysBefore: "Days before the due day: whole numbers from 1 to 15, separated by commas, at most 6 (or leave it empty).",
  daysOverdue: "Days overdue: whole numbers from 1 to 90, separated by commas, at most 6 (or leave it empty).",
  hour: "Hour of the day: a whole number from 7 (7 AM) to 20 (8 PM), India time.",
} as const;
export const TEMPLATE_ID_MESSAGE = "A DLT template id is letters and digits only, at most 40 (leave it empty to remove it).";

export type ScheduleValues = { daysBefore: string; daysOverdue: string; hour: string };
export type SettingsFormResult =
  | { ok: true; settings: MessageSettings; message: string }
  | { ok: false; form: "schedule"; values: ScheduleValues; errors: Partial<Record<keyof ScheduleValues, string>> }
  | { ok: false; form: "template-id"; kind: MessageKind; value: string; error: string }
  | { ok: false; form: "other"; error: string };

const kindSchema = z.enum(MESSAGE_KINDS as [MessageKind, ...MessageKind[]]);

/** "7, 2" → [2, 7]; null when any item is not a whole number in 1..max or there are more than 6. */
function dayList(text: string, max: number): number[] | null {
  const items = text.split(/[\s,]+/).filter(Boolean);
  const parsed = z.array(z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().min(1).max(max))).max(6).safeParse(items);
  return parsed.success ? [...new Set(parsed.data)].sort((a, b) => a - b) : null;
}

/** "7, 2" for [2, 7] as the schedule form shows it (largest first, as reminders go out). */
export function dayListText(days: number[]): string {
  return [...days].sort((a, b) => b - a).join(", ");
}

/** The current schedule as the form's values. */
export function scheduleValues(settings: MessageSettings): ScheduleValues {
  return { daysBefore: dayListText(settings.reminders.daysBefore), daysOverdue: [...settings.reminders.daysOverdue].sort((a, b) => a - b).join(", "), hour: String(settings.reminders.hour) };
}

/** Applies one posted form to `current`; never throws for anything a user can send. */
export function applySettingsForm(form: FormData, current: MessageSettings): SettingsFormResult {
  const text = (name: string, max = 200) => String(form.get(name) ?? "").slice(0, max);
  const intent = text("intent", 20);
  const kind = kindSchema.safeParse(text("kind", 60));
  if (intent === "switch") {
    if (!kind.success) return { ok: false, form: "other", error: "That kind of message is not known." };
    const on = text("on", 2) === "1";
    const off = on ? current.off.filter((k) => k !== kind.data) : [...new Set([...current.off, kind.data])];
    const label = templateOf(kind.data)?.label ?? kind.data;
    return { ok: true, settings: messageSettingsSchema.parse({ ...current, off }), message: `${label}: ${on ? "switched on" : "switched off"}.` };
  }
  if (intent === "template-id") {
    if (!kind.success || !templateOf(kind.data)?.sms) return { ok: false, form: "other", error: "That kind of message has no SMS." };
    const value = text("templateId", 100).trim();
    if (value !== "" && !/^[A-Za-z0-9]{1,40}$/.test(value)) return { ok: false, form: "template-id", kind: kind.data, value, error: TEMPLATE_ID_MESSAGE };
    const ids = { ...current.smsTemplateIds };
    if (value) ids[kind.data] = value;
    else delete ids[kind.data];
    const label = templateOf(kind.data)?.label ?? kind.data;
    return { ok: true, settings: messageSettingsSchema.parse({ ...current, smsTemplateIds: ids }), message: value ? `${label}: DLT template id saved.` : `${label}: DLT template id removed; its SMS are held until one is set.` };
  }
  if (intent === "schedule") {
    const values: ScheduleValues = { daysBefore: text("daysBefore", 100), daysOverdue: text("daysOverdue", 100), hour: text("hour", 10) };
    // The settings (./settings.ts) cap it at the 15 days the family's pay page shows ahead.
    const daysBefore = dayList(values.daysBefore, 15);
    const daysOverdue = dayList(values.daysOverdue, 90);
    const hour = z.string().trim().regex(/^\d{1,2}$/).transform(Number).pipe(z.number().int().min(7).max(20)).safeParse(values.hour);
    const errors: Partial<Record<keyof ScheduleValues, string>> = {};
    if (!daysBefore) errors.daysBefore = SCHEDULE_MESSAGES.daysBefore;
    if (!daysOverdue) errors.daysOverdue = SCHEDULE_MESSAGES.daysOverdue;
    if (!hour.success) errors.hour = SCHEDULE_MESSAGES.hour;
    if (!daysBefore || !daysOverdue || !hour.success) return { ok: false, form: "schedule", values, errors };
    return { ok: true, settings: messageSettingsSchema.parse({ ...current, reminders: { daysBefore, daysOverdue, hour: hour.data } }), message: "Reminder schedule saved." };
  }
  return { ok: false, form: "other", error: "That request was not understood." };
}
