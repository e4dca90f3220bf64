/**
 * Moves focus (and so the view) to an action's result when it appears or changes: a notice, a
 * confirmation asked for. The element needs `tabIndex={-1}`. WCAG 2.2 SC 3.3.1 and 4.1.3: the
 * person reads what their press did where they are looking, and a screen reader announces it.
 */
import { useEffect, useRef } from "react";

/** A ref to attach to the result; focused after each render in which `result` is set and differs from the last. */
export function useFocusOn<T extends HTMLElement>(result: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (result) ref.current?.focus();
  }, [result]);
  return ref;
}
