/**
 * Back-to-top button, shown once the page has scrolled past 300 px (SPEC §9), below Enquire Now;
 * it steps aside while it would cover an action or a message (../stay-clear.ts).
 */
import { useEffect, useState } from "react";
import { BACK_TO_TOP_THRESHOLD_PX, scrollToTop } from "../scroll";
import { STEP_ASIDE_CLASS } from "../stay-clear";
import { ArrowUpIcon } from "./icons";

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={scrollToTop}
      aria-label="Back to top"
      data-floating=""
      className={`fixed right-3 bottom-6 z-30 grid size-12 place-items-center rounded-full bg-brand-700 text-white shadow-lg transition-[opacity,visibility] duration-200 hover:bg-brand-800 ${STEP_ASIDE_CLASS}`}
    >
      <ArrowUpIcon className="size-6" />
    </button>
  );
}
