/**
 * What the office decides about messages (issue 26), kept as one `settings` row ("messages")
 * and validated with this schema on save and on read: which kinds are switched off, the fee
 * reminder schedule, and the DLT template id registered for each SMS. Pure.
 */
import { z } from "zod";
import { MESSAGE_KINDS, type MessageKind } from "./templates";

const dayList = (max: number) =>
  z
    .array(z.number().int().min(1).max(max))
    .max(6)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b));

export const messageSettingsSchema = z.object({
  /** Kinds not sent: enqueued as "skipped", so the admin sees what would have gone. */
  off: z.array(z.enum(MESSAGE_KINDS as [MessageKind, ...MessageKind[]])).default([]),
  reminders: z
    .object({
      /**
       * Days before a month's due day on which a family is reminded (IST), e.g. [7, 2]; at most
       * 15, the months the family's pay page shows ahead (features/fees FAMILY_AHEAD_DAYS).
       */
      daysBefore: dayList(15).default([7, 2]),
      /** Days after the due day on which an overdue reminder goes (firmer, naming the late fee). */
      daysOverdue: dayList(90).default([1, 8, 15]),
      /** Hour of the day (IST) reminders go out: not at night. */
      hour: z.number().int().min(7).max(20).default(9),
    })
    .default({ daysBefore: [7, 2], daysOverdue: [1, 8, 15], hour: 9 }),
  /** DLT template id (as registered with the SMS provider) per kind; an SMS without one is held. */
  smsTemplateIds: z.partialRecord(z.enum(MESSAGE_KINDS as [MessageKind, ...MessageKind[]]), z.string().trim().regex(/^[A-Za-z0-9]{1,40}$/, "A DLT template id is letters and digits")).default({}),
});

export type MessageSettings = z.infer<typeof messageSettingsSchema>;

/** The settings of a school that has decided nothing yet. */
export const DEFAULT_MESSAGE_SETTINGS: MessageSettings = messageSettingsSchema.parse({});

/** The settings row's key. */
export const MESSAGE_SETTINGS_KEY = "messages";
