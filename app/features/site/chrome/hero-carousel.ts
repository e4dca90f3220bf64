/**
 * The home hero's slideshow as plain script (SPEC §2 home hero; WAI-ARIA APG carousel pattern):
 * it enhances the static markup of HomeHero (app/features/content/components/home-hero.tsx),
 * whose server HTML is the initial state (slide 1, playing). Slides rotate every 6 s, one timeout
 * per slide so manual navigation restarts the full 6 s; hovering the carousel or focusing
 * anything in it but the rotation button pauses; Pause / Play, Previous / Next and the dots
 * navigate. Until the visitor presses Pause or Play, reduced motion means a still hero; their
 * choice wins afterwards. State is written as attributes the markup styles: `data-active` and
 * `inert` on slides, `aria-current` on dots, `data-playing` and `aria-label` on the rotation
 * button, `aria-live` on the slides. No React here: this module is its own tiny chunk.
 */
import { REDUCED_MOTION_QUERY } from "./motion";

/** Time each slide stays on screen while the slideshow plays. */
export const SLIDE_INTERVAL_MS = 6000;

/**
 * Starts the slideshow of `root` (the carousel's `[data-carousel]` section). Browser only; the
 * chrome starts each carousel once (its start is idempotent).
 */
export function startCarousel(root: HTMLElement): void {
  const container = root.querySelector<HTMLElement>("[data-carousel-slides]");
  const slides = [...root.querySelectorAll<HTMLElement>("[data-slide]")];
  const dots = [...root.querySelectorAll<HTMLElement>("[data-carousel-dot]")];
  const rotationButton = root.querySelector<HTMLElement>("[data-carousel-rotation]");
  const count = slides.length;
  const motion = window.matchMedia(REDUCED_MOTION_QUERY);

  let index = Math.max(0, slides.findIndex((slide) => slide.dataset.active === "true"));
  // null until the visitor presses Pause or Play: then their choice wins. Until then,
  // motion-sensitive visitors get a still hero.
  let choice: boolean | null = null;
  let hovered = false;
  let focused = false;
  let timer: number | undefined;
  let timerIndex = -1;

  const playing = () => choice ?? !motion.matches;

  /** Writes the state into the markup and (re)starts or stops the slide's timeout. */
  const update = () => {
    const isPlaying = playing();
    const rotating = isPlaying && !hovered && !focused && count > 1;
    slides.forEach((slide, i) => {
      slide.dataset.active = String(i === index);
      slide.toggleAttribute("inert", i !== index);
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    container?.setAttribute("aria-live", rotating ? "off" : "polite");
    if (rotationButton) {
      rotationButton.dataset.playing = String(isPlaying);
      rotationButton.setAttribute("aria-label", isPlaying ? "Pause slideshow" : "Play slideshow");
    }
    if (!rotating) {
      window.clearTimeout(timer);
      timer = undefined;
    } else if (timer === undefined || timerIndex !== index) {
      window.clearTimeout(timer);
      timerIndex = index;
      timer = window.setTimeout(() => {
        timer = undefined;
        go(index + 1);
      }, SLIDE_INTERVAL_MS);
    }
  };

  const go = (i: number) => {
    index = (i + count) % count;
    update();
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || count === 0) return;
    if (rotationButton?.contains(target)) {
      choice = !playing();
      focused = false;
      return update();
    }
    if (target.closest("[data-carousel-prev]")) return go(index - 1);
    if (target.closest("[data-carousel-next]")) return go(index + 1);
    const dot = target.closest<HTMLElement>("[data-carousel-dot]");
    if (dot && dots.includes(dot)) go(dots.indexOf(dot));
  };
  const onMouseEnter = () => {
    hovered = true;
    update();
  };
  const onMouseLeave = () => {
    hovered = false;
    update();
  };
  // Focus anywhere but the rotation button pauses, so keyboard users are never chased by a
  // moving slide; pressing Play must still work while that button has focus.
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target !== rotationButton;
    update();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    focused = false;
    update();
  };

  root.addEventListener("click", onClick);
  root.addEventListener("mouseenter", onMouseEnter);
  root.addEventListener("mouseleave", onMouseLeave);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  motion.addEventListener("change", update);
  update();
}
