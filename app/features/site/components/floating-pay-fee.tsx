/**
 * Floating Pay Fee button on the left (SPEC §2): expands on first hover, goes to /payment-portal.
 * It steps aside while it would cover an action or a message (../stay-clear.ts).
 */
import { useState } from "react";
import { Link } from "react-router";
import { STEP_ASIDE_CLASS } from "../stay-clear";
import { RupeeIcon } from "./icons";

export function FloatingPayFee() {
  const [expanded, setExpanded] = useState(false);
  return (
    <Link
      to="/payment-portal"
      onPointerEnter={() => setExpanded(true)}
      onFocus={() => setExpanded(true)}
      data-expanded={expanded}
      data-floating=""
      className={`fixed bottom-24 left-3 z-30 flex h-12 items-center gap-2 overflow-hidden rounded-full bg-emerald-700 px-3.5 font-bold text-white shadow-lg transition-[max-width,opacity,visibility] duration-300 hover:bg-emerald-800 data-[expanded=false]:max-w-12 data-[expanded=true]:max-w-40 ${STEP_ASIDE_CLASS}`}
    >
      <RupeeIcon className="size-5 shrink-0" />
      <span className={expanded ? "whitespace-nowrap" : "sr-only"}>Pay Fee</span>
    </Link>
  );
}
