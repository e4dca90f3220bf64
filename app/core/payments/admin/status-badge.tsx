/** An order's status as a coloured badge, with a warning when it needs the administrator. */
import type { OrderStatus } from "~/db/schema/payments";
import { STATUS_LABELS } from "../labels";

const TONES: Record<OrderStatus, string> = {
  created: "bg-slate-100 text-slate-900",
  pending: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  expired: "bg-slate-200 text-slate-900",
  held: "bg-orange-100 text-orange-950",
};

export function StatusBadge({ status, flag }: { status: OrderStatus; flag?: string | null }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${TONES[status]}`} title={STATUS_LABELS[status]}>{status}</span>
      {flag && <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold text-white">needs a look: {flag.replaceAll("_", " ")}</span>}
    </span>
  );
}
