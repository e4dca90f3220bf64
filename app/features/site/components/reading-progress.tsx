/** Reading-progress bar under the header: how far down the page the reader is (SPEC §2). */
import { useEffect, useRef } from "react";
import { readingProgress } from "../scroll";

export function ReadingProgress() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const el = document.documentElement;
      const p = readingProgress(window.scrollY, el.scrollHeight, window.innerHeight);
      if (bar.current) bar.current.style.transform = `scaleX(${p})`;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, []);
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-[72px] z-40 h-1">
      <div ref={bar} data-testid="reading-progress" className="h-full origin-left scale-x-0 bg-accent-500" />
    </div>
  );
}
