/**
 * Asks before leaving a form that was changed and not sent: the browser's own "Leave site?"
 * (beforeunload) for a reload, a closed tab or another address, and a confirm for a link to
 * another page of the site (caught before React Router's link handles the click). Sending the
 * form ends the guard.
 */
import { useEffect, useRef } from "react";

/** What the confirm says for a link inside the site. */
export const LEAVE_QUESTION = "Leave this page? What you changed here is not saved yet.";

/** A ref for the <form>; from the first input or change in it until it is submitted, leaving asks first. */
export function useLeaveGuard<T extends HTMLFormElement>() {
  const form = useRef<T>(null);
  // Set and cleared by the form's own events, read when the person clicks away.
  const dirty = useRef(false);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const change = () => {
      dirty.current = true;
    };
    const sent = () => {
      dirty.current = false;
    };
    const ask = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      if (!dirty.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin || to.pathname === window.location.pathname) return;
      if (window.confirm(LEAVE_QUESTION)) {
        dirty.current = false;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    el.addEventListener("input", change);
    el.addEventListener("change", change);
    el.addEventListener("submit", sent);
    window.addEventListener("beforeunload", ask);
    document.addEventListener("click", click, true);
    return () => {
      el.removeEventListener("input", change);
      el.removeEventListener("change", change);
      el.removeEventListener("submit", sent);
      window.removeEventListener("beforeunload", ask);
      document.removeEventListener("click", click, true);
    };
  }, []);
  return form;
}
