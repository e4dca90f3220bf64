/** Floating Pay Fee button on the left (SPEC §2): expands on first hover, goes to /payment-portal. */
import { useState } from "react";
import { Link } from "react-router";
import { RupeeIcon } from "./icons";

export function FloatingPayFee() {
  const [expanded, setExpanded] = useState(false);
  return (
    <Link
      to="/payment-portal"
      onPointerEnter={() => setExpanded(true)}
      onFocus={() => setExpanded(true)}
      data-expanded={expanded}
      className="fixed bottom-24 left-3 z-30 flex h-12 items-center gap-2 overflow-hidden rounded-full bg-emerald-700 px-3.5 font-bold text-white shadow-lg transition-[max-width] duration-300 hover:bg-emerald-800 data-[expanded=false]:max-w-12 data-[expanded=true]:max-w-40"
    >
      <RupeeIcon className="size-5 shrink-0" />
      <span className={expanded ? "whitespace-nowrap" : "sr-only"}>Pay Fee</span>
    </Link>
  );
}
