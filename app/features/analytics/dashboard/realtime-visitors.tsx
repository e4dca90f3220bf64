/**
 * Visitors in the last 5 minutes: starts from the loader's count and asks
 * /admin/analytics/realtime again every 30 s, only while the tab is visible, and at once when
 * the tab becomes visible again.
 */
import { useEffect, useState } from "react";
import type { Panel } from "./load-dashboard.server";
import type { Realtime } from "../figures/realtime.server";
import { formatNumber } from "./format";

export const REALTIME_REFRESH_MS = 30_000;

export function RealtimeVisitors({ initial }: { initial: Panel<Realtime> }) {
  const [polled, setPolled] = useState<Panel<Realtime> | null>(null);
  // The newer of the loader's count (fresh after every navigation) and the last poll.
  const state = polled && (!polled.ok || !initial.ok || polled.data.asOf >= initial.data.asOf) ? polled : initial;
  useEffect(() => {
    let cancelled = false;
    const refresh = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch("/admin/analytics/realtime", { headers: { accept: "application/json" } });
        const body = (await response.json()) as Realtime | { error: string };
        if (!cancelled) setPolled("error" in body ? { ok: false, error: body.error } : { ok: true, data: body });
      } catch {
        // A dropped connection keeps the last count; the next tick tries again.
      }
    };
    const timer = setInterval(refresh, REALTIME_REFRESH_MS);
    const onVisible = () => void (document.visibilityState === "visible" && refresh());
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  if (!state.ok) return <p role="alert" className="text-sm text-red-900" data-testid="realtime-error">{state.error}</p>;
  const { visitors } = state.data;
  return (
    <p className="flex items-center gap-2 text-sm font-semibold text-slate-800" aria-live="polite" data-testid="realtime" data-as-of={state.data.asOf}>
      <span className={`inline-block h-2.5 w-2.5 rounded-full ${visitors > 0 ? "bg-emerald-500" : "bg-slate-400"}`} aria-hidden="true" />
      <span>
        <span data-testid="realtime-visitors">{formatNumber(visitors)}</span> {visitors === 1 ? "visitor" : "visitors"} in the last 5 minutes
      </span>
    </p>
  );
}
