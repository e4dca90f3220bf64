/**
 * Back-to-top button (SPEC §9), below Enquire Now: hidden until the page has scrolled past
 * 300 px (the chrome script shows it and scrolls up, ../chrome/index.ts); it steps aside while
 * it would cover an action or a message (../chrome/stay-clear.ts).
 */
import { STEP_ASIDE_CLASS } from "../chrome/stay-clear";
import { ArrowUpIcon } from "./icons";

export function BackToTop() {
  return (
    <button
      type="button"
      hidden
      aria-label="Back to top"
      data-back-to-top=""
      data-floating=""
      className={`fixed right-3 bottom-6 z-30 grid size-12 place-items-center rounded-full bg-brand-700 text-white shadow-lg transition-[opacity,visibility] duration-200 hover:bg-brand-800 [&[hidden]]:hidden ${STEP_ASIDE_CLASS}`}
    >
      <ArrowUpIcon className="size-6" />
    </button>
  );
}
