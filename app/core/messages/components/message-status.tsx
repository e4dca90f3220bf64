/** A message's state as a coloured pill, with the words the office reads. */
import { StatusBadge, type BadgeTone } from "~/components/status-badge";
import type { MessageStatus } from "~/db/message-values";

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  held: "Held",
  skipped: "Skipped",
};

const TONES: Record<MessageStatus, BadgeTone> = { queued: "sky-deep", sending: "indigo-deep", sent: "green", failed: "red", held: "amber", skipped: "grey-strong" };

export const CHANNEL_LABELS = { email: "E-mail", sms: "SMS" } as const;

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <StatusBadge tone={TONES[status]}>{MESSAGE_STATUS_LABELS[status]}</StatusBadge>;
}
