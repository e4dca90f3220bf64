/**
 * Scrolling rules of SPEC §2 and §9: section links land 72 px below the top (the fixed
 * header's height); page changes scroll to top smoothly; reduced motion is honoured.
 */
import { prefersReducedMotion } from "./motion";

/** Height of the fixed header in px, and the offset of section targets (SPEC §9). */
export const HEADER_OFFSET_PX = 72;
/** Delay before a page change scrolls to top, and the fade duration (SPEC §9). */
export const PAGE_TRANSITION_MS = 300;
/** Scroll distance after which the back-to-top button shows (SPEC §9). */
export const BACK_TO_TOP_THRESHOLD_PX = 300;

/** Fraction 0..1 of the scrollable height (px) that has been scrolled; 0 when nothing scrolls. */
export function readingProgress(scrollY: number, scrollHeight: number, viewportHeight: number): number {
  const max = scrollHeight - viewportHeight;
  return max <= 0 ? 0 : Math.min(1, Math.max(0, scrollY / max));
}

function behavior(): ScrollBehavior {
  return prefersReducedMotion() ? "auto" : "smooth";
}

/** Document y (px) that puts `element`'s top edge `offset` px below the viewport top. */
export function sectionScrollTop(elementTop: number, scrollY: number, offset = HEADER_OFFSET_PX): number {
  return Math.max(0, Math.round(elementTop + scrollY - offset));
}

/**
 * Scrolls to the element with `id` so it sits 72 px below the viewport top. Returns false
 * when there is no such element.
 */
export function scrollToSection(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  window.scrollTo({ top: sectionScrollTop(el.getBoundingClientRect().top, window.scrollY), behavior: behavior() });
  return true;
}

/** Scrolls the page to the top, smoothly unless reduced motion is preferred. */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: behavior() });
}
