/** Back-to-top button, shown once the page has scrolled past 300 px (SPEC §9). */
import { useEffect, useState } from "react";
import { BACK_TO_TOP_THRESHOLD_PX, scrollToTop } from "../scroll";
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
      className="fixed right-3 bottom-6 z-30 grid size-12 place-items-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
    >
      <ArrowUpIcon className="size-6" />
    </button>
  );
}
