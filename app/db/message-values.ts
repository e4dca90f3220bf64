/**
 * The messages outbox's channels and states (table `messages`, ./schema/messages.ts), apart from
 * the table so pages and query parsers can list them without importing a table module.
 */
export const MESSAGE_CHANNELS = ["email", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Who a kind of message goes to: a parent, the office (OFFICE_EMAIL), or a staff member's own address. */
export const MESSAGE_AUDIENCES = ["parent", "office", "staff"] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/**
 * - `queued`: waiting for its turn (`next_attempt_at`), first or after a failed try;
 * - `sending`: a worker took it and has not yet heard back (a crash leaves it here: the next
 *   run sends it again, counted as an attempt whose outcome is unknown);
 * - `sent`: the provider accepted it; `failed`: refused for good (an invalid address) or out of
 *   tries; `held`: no provider is configured for its channel (or its SMS template has no DLT id):
 *   kept and shown, and sent once one is; `skipped`: its kind is switched off or the parent
 *   stopped reminders (kept, so nothing is dropped silently).
 */
export const MESSAGE_STATUSES = ["queued", "sending", "sent", "failed", "held", "skipped"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
