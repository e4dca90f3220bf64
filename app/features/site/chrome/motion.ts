/** The visitor's `prefers-reduced-motion` setting (WCAG 2.3.3), for scripts that animate. */

/** The media query of reduced motion. */
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

/** True when the visitor asked for reduced motion. Browser only. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION_QUERY).matches;
}
