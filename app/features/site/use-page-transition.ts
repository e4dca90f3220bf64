/**
 * After a page change (push or replace), waits 300 ms and scrolls smoothly to the top, or to
 * the `#section` the URL names, 72 px below the header (SPEC §2, §9). Back/forward keep the
 * browser's own scroll restoration.
 *
 * Returns whether the page now shown was reached by a page change, so the layout fades it in
 * (SPEC §2's 300 ms fade is for page changes): the page a visitor lands on is painted at once,
 * as the server sent it, because an opacity animation delays its Largest Contentful Paint.
 * Server and hydration render agree (both see the landing location).
 */
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router";
import { PAGE_TRANSITION_MS, scrollToSection, scrollToTop } from "./chrome/scroll";

export function usePageTransition(): boolean {
  const location = useLocation();
  const [landingKey] = useState(location.key);
  const navigationType = useNavigationType();
  const first = useRef(true);

  useEffect(() => {
    const id = location.hash.slice(1);
    if (first.current) {
      first.current = false;
      // A first load with a #section: place it below the header.
      if (id) scrollToSection(decodeURIComponent(id));
      return;
    }
    if (navigationType === "POP") return;
    const timer = setTimeout(() => {
      if (!id || !scrollToSection(decodeURIComponent(id))) scrollToTop();
    }, PAGE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, location.hash, location.key, navigationType]);

  return location.key !== landingKey;
}
