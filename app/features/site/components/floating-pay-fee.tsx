/**
 * Floating Pay Fee button on the left (SPEC §2): expands on first hover or focus (the chrome
 * script sets `data-expanded`, ../chrome/index.ts), goes to /payment-portal. It steps aside
 * while it would cover an action or a message (../chrome/stay-clear.ts).
 */
import { STEP_ASIDE_CLASS } from "../chrome/stay-clear";
import { RupeeIcon } from "./icons";

export function FloatingPayFee() {
  return (
    <a
      href="/payment-portal"
      data-expanded="false"
      data-floating=""
      className={`group fixed bottom-24 left-3 z-30 flex h-12 items-center gap-2 overflow-hidden rounded-full bg-emerald-700 px-3.5 font-bold text-white shadow-lg transition-[max-width,opacity,visibility] duration-300 hover:bg-emerald-800 data-[expanded=false]:max-w-12 data-[expanded=true]:max-w-40 ${STEP_ASIDE_CLASS}`}
    >
      <RupeeIcon className="size-5 shrink-0" />
      <span className="group-data-[expanded=false]:sr-only group-data-[expanded=true]:whitespace-nowrap">Pay Fee</span>
    </a>
  );
}
