/** An order's status as a coloured badge, with a warning when it needs the administrator. */
import { type BadgeTone, StatusBadge as Badge } from "~/components/status-badge";
import type { OrderStatus } from "~/db/schema/payments";
import { STATUS_LABELS } from "../labels";

export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  created: "grey",
  pending: "amber",
  paid: "green",
  failed: "red",
  expired: "grey-strong",
  held: "orange",
};

export function StatusBadge({ status, flag }: { status: OrderStatus; flag?: string | null }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={ORDER_STATUS_TONES[status]} title={STATUS_LABELS[status]}>{status}</Badge>
      {flag && <Badge tone="alert">needs a look: {flag.replaceAll("_", " ")}</Badge>}
    </span>
  );
}
