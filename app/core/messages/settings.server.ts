/**
 * Reads and saves the messages settings row (./settings.ts). A row that no longer parses (a
 * kind removed since) falls back to the defaults for what does not parse, never to an error.
 */
import { eq, sql } from "drizzle-orm";
import { recordChange, type Actor } from "~/core/audit/audit.server";
import { flattenFields } from "~/core/audit/changes";
import type { Database } from "~/db/client.server";
import { settings } from "~/db/schema/settings";
import { DEFAULT_MESSAGE_SETTINGS, MESSAGE_SETTINGS_KEY, messageSettingsSchema, type MessageSettings } from "./settings";

/** The office's messages settings, or the defaults. Throws what the driver throws. */
export async function messageSettings(db: Database): Promise<MessageSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, MESSAGE_SETTINGS_KEY));
  if (!row) return DEFAULT_MESSAGE_SETTINGS;
  let raw: unknown;
  try {
    raw = JSON.parse(row.value);
  } catch {
    return DEFAULT_MESSAGE_SETTINGS;
  }
  const parsed = messageSettingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep what still parses, field by field.
  const fields = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const keep = (name: keyof MessageSettings) => {
    const one = messageSettingsSchema.shape[name].safeParse(fields[name]);
    return one.success ? one.data : DEFAULT_MESSAGE_SETTINGS[name];
  };
  return { off: keep("off") as MessageSettings["off"], reminders: keep("reminders") as MessageSettings["reminders"], smsTemplateIds: keep("smsTemplateIds") as MessageSettings["smsTemplateIds"] };
}

/**
 * The settings as the audit log keeps them: one field per switch list, schedule field and
 * template id, normalised as saved (the defaults' reminder days are not sorted until parsed).
 */
function audited(value: MessageSettings) {
  const valid = messageSettingsSchema.parse(value);
  return flattenFields({ ...valid, off: [...valid.off].sort() });
}

/**
 * Saves `value` (already validated) as the messages settings on behalf of `actor`, with the audit
 * row (`settings.messages`: each switch, schedule field and SMS template id that changed) in the
 * same transaction. Throws what the driver throws.
 */
export async function saveMessageSettings(db: Database, value: MessageSettings, actor: Actor, now = new Date()): Promise<void> {
  const valid = messageSettingsSchema.parse(value);
  const text = JSON.stringify(valid);
  await db.transaction(async (tx) => {
    // Locks the row (when there is one) so two saves at once each audit what the other left.
    await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, MESSAGE_SETTINGS_KEY)).for("update");
    const before = await messageSettings(tx);
    await tx
      .insert(settings)
      .values({ key: MESSAGE_SETTINGS_KEY, value: text, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: text, updatedAt: sql`excluded.updated_at` } });
    // Before the first save the defaults were in force: the row shows what changed from them.
    await recordChange(tx, { actor, action: "settings.messages", entity: "settings", entityId: "messages", before: audited(before), after: audited(valid) });
  });
}
