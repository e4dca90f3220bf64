/**
 * The public site's chrome as a few KB of plain script (SPEC §2 "Header and menu", "Other
 * widgets", §4, §9; issue 29): public pages kept in memory load only this module and never
 * hydrate React (server/page-cache.ts), and pages that hydrate load it too (the public layout),
 * so the chrome has one implementation. It enhances the markup the React components render:
 * - the header's menu button and the Enquire Now button open their native <dialog>s
 *   (`data-opens-dialog` + `aria-controls`); close buttons (`data-dialog-close`), Escape and a
 *   click on the backdrop close them; the menu's groups open one at a time;
 * - the enquiry form (an island: React and the form load when a parent opens the dialog or
 *   points at a button that opens it) is mounted while the dialog is open; the dialog closes 3 s
 *   after a successful submission; on the home page it opens by itself after 5 s, once per
 *   browser session; any `data-open-enquiry` link opens it instead of loading /enquire;
 * - Enquire Now shakes once 5 s after load and every 30 s while the dialog is closed (not under
 *   reduced motion); Pay Fee expands on first hover or focus;
 * - the reading-progress bar and the back-to-top button (past 300 px) follow the scroll;
 * - the floating actions step aside from what they would cover (./stay-clear.ts);
 * - a section link on the home page scrolls there smoothly, 72 px below the top;
 * - a link to another page of the site loads that page as a document, with the loading
 *   indicator until it arrives (React Router's client-side navigation is not used; the 300 ms
 *   fade between pages is a cross-document view transition, app.css); so does a form sent as a
 *   document, its button saying so and a second press ignored (./sending.ts);
 * - the gallery's thumbnails open the lightbox island; the home hero's slideshow rotates;
 * - each page visit is reported.
 * The islands and the visit beacon belong to other features: the entry that composes them is
 * app/routes/public/chrome.ts. Sets `data-hydrated` on <html> once running (tests wait for it).
 */
import { ENQUIRY_DIALOG_ID } from "./ids";
import { AUTO_OPEN_MS, SUCCESS_CLOSE_MS, markShown, markSubmitted, mayAutoOpen } from "./enquiry-session";
import { LOADING_INDICATOR_CLASS, LOADING_INDICATOR_HTML } from "./loading";
import { prefersReducedMotion } from "./motion";
import { BACK_TO_TOP_THRESHOLD_PX, readingProgress, scrollToSection, scrollToTop } from "./scroll";
import { startShakeSchedule } from "./shake";
import { onDocumentSubmit, restoreSentForms } from "./sending";
import { keepClear } from "./stay-clear";

/** What the chrome starts that other features provide (composed in app/routes/public/chrome.ts). */
export type ChromeParts = {
  /** Loads the enquiry form's island; `mountEnquiryForm` renders it into the dialog and returns its unmount. */
  loadEnquiryForm: () => Promise<{ mountEnquiryForm(container: HTMLElement, options: { sourcePage: string; onSuccess: () => void }): () => void }>;
  /** Loads the gallery's lightbox island; `openLightbox` opens it at a thumbnail link. */
  loadLightbox: () => Promise<{ openLightbox(link: HTMLAnchorElement): void }>;
  /** Reports the visit of a page: its path and referrer URL ("" for none). */
  reportPageview: (path: string, referrer: string) => void;
};

/** A left click without modifier keys: the browser's own behaviour for the others (new tab, download). */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Whether following `link` loads another document of this site in this tab: same origin, no
 * `target` or `download`, not a jump within the current page.
 */
export function loadsSitePage(link: { origin: string; pathname: string; search: string; hash: string; target: string; hasAttribute(name: string): boolean }, here: { origin: string; pathname: string; search: string }): boolean {
  if (link.origin !== here.origin || (link.target && link.target !== "_self") || link.hasAttribute("download")) return false;
  return !(link.hash && link.pathname === here.pathname && link.search === here.search);
}

/** Whether a link's path names a file (a PDF, a picture) rather than a page: no loading indicator for those. */
export const isFilePath = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname);

/** Shows the loading indicator in the layout's status region until the next page replaces this one (not while React is on its way: `whenReactSettled`). */
function showLoading(): void {
  if (document.documentElement.dataset.react === "loading") return;
  const region = document.querySelector("[data-navigation-progress]");
  if (!region || region.querySelector("[data-loading]")) return;
  const pill = document.createElement("span");
  pill.className = LOADING_INDICATOR_CLASS;
  pill.dataset.loading = "";
  pill.innerHTML = LOADING_INDICATOR_HTML;
  region.append(pill);
}

/**
 * Settles when React is not about to hydrate this page: at once, or, on a page hydrating on
 * interaction whose React is on its way (`data-react="loading"`, app/lib/without-react.ts), once
 * it has hydrated. React must find the markup as the server sent it, so the chrome adds nothing
 * inside it meanwhile (an island, the loading indicator).
 */
function whenReactSettled(html: HTMLElement): Promise<void> {
  if (html.dataset.react !== "loading") return Promise.resolve();
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (html.dataset.react === "loading") return;
      watch.disconnect();
      resolve();
    });
    watch.observe(html, { attributes: true, attributeFilter: ["data-react"] });
  });
}

const hideLoading = () => document.querySelector("[data-navigation-progress] [data-loading]")?.remove();

/** Starts the chrome on this document (see the module comment) with `parts`. Browser only; idempotent. */
export function startChrome({ loadEnquiryForm, loadLightbox, reportPageview }: ChromeParts): void {
  const html = document.documentElement;
  if (html.dataset.chrome === "on") return;
  html.dataset.chrome = "on";

  const enquiry = document.getElementById(ENQUIRY_DIALOG_ID) as HTMLDialogElement | null;
  let unmountForm: (() => void) | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;

  const openEnquiry = () => {
    if (!enquiry || enquiry.open) return;
    enquiry.showModal();
    const container = enquiry.querySelector<HTMLElement>("[data-enquiry-form]");
    if (!container) return;
    void Promise.all([loadEnquiryForm(), whenReactSettled(html)]).then(([{ mountEnquiryForm }]) => {
      if (!enquiry.open || unmountForm) return;
      unmountForm = mountEnquiryForm(container, {
        sourcePage: location.pathname,
        onSuccess: () => {
          markSubmitted();
          clearTimeout(closeTimer);
          closeTimer = setTimeout(() => enquiry.close(), SUCCESS_CLOSE_MS);
        },
      });
    });
  };

  const openDialog = (opener: Element) => {
    const id = opener.getAttribute("aria-controls");
    if (id === ENQUIRY_DIALOG_ID) return openEnquiry();
    const dialog = id ? document.getElementById(id) : null;
    if (!(dialog instanceof HTMLDialogElement) || dialog.open) return;
    dialog.showModal();
    if (opener.hasAttribute("aria-expanded")) opener.setAttribute("aria-expanded", "true");
  };

  // A dialog closed by any means: its openers say so, and the enquiry form is put away.
  document.addEventListener(
    "close",
    (event) => {
      const dialog = event.target;
      if (!(dialog instanceof HTMLDialogElement)) return;
      for (const opener of document.querySelectorAll(`[aria-controls="${dialog.id}"][aria-expanded]`)) opener.setAttribute("aria-expanded", "false");
      if (dialog === enquiry) {
        clearTimeout(closeTimer);
        markShown();
        unmountForm?.();
        unmountForm = undefined;
      }
    },
    true,
  );

  /** Opens `group` of the side menu and closes the others (one open at a time). */
  const toggleGroup = (group: HTMLElement) => {
    const opening = group.getAttribute("aria-expanded") !== "true";
    for (const other of group.closest("nav")?.querySelectorAll<HTMLElement>("[data-menu-group]") ?? []) {
      const open = opening && other === group;
      other.setAttribute("aria-expanded", String(open));
      const panel = document.getElementById(other.getAttribute("aria-controls") ?? "");
      if (panel) panel.hidden = !open;
    }
  };

  // Capture phase on window: before React Router's links, so a followed link loads a document.
  window.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      const closer = target.closest("[data-dialog-close]");
      if (closer) return closer.closest("dialog")?.close();
      // A click on the backdrop lands on the dialog box itself.
      if (target instanceof HTMLDialogElement && target.open && target.querySelector("[data-dialog-close]")) return target.close();
      const opener = target.closest("[data-opens-dialog]");
      if (opener) return openDialog(opener);
      const group = target.closest<HTMLElement>("[data-menu-group]");
      if (group) return toggleGroup(group);
      if (target.closest("[data-back-to-top]")) return scrollToTop();
      if (!isPlainClick(event) || event.defaultPrevented) return;
      if (target.closest("[data-open-enquiry]")) {
        event.preventDefault();
        return openEnquiry();
      }
      const link = target.closest<HTMLAnchorElement>("a[href]");
      if (!link) return;
      if (link.hasAttribute("data-lightbox")) {
        event.preventDefault();
        void loadLightbox().then(({ openLightbox }) => openLightbox(link));
        return;
      }
      const section = link.dataset.sectionLink;
      if (section && location.pathname === "/" && scrollToSection(section)) {
        event.preventDefault();
        history.replaceState(history.state, "", `/#${section}`);
        return;
      }
      if (link.origin !== location.origin) return;
      event.stopPropagation();
      if (loadsSitePage(link, location)) {
        if (!isFilePath(link.pathname)) showLoading();
      } else {
        // A jump within the page: the browser scrolls (72 px below the top, app.css); an open menu closes.
        link.closest("dialog")?.close();
      }
    },
    true,
  );
  // A form sent as a document: the loading indicator, and its buttons say so (./sending.ts).
  window.addEventListener("submit", (event) => {
    if (onDocumentSubmit(event)) showLoading();
  });
  // Back from the browser's page cache: the indicator of the link followed then is gone, and a form sent then can be sent again.
  window.addEventListener("pageshow", () => {
    hideLoading();
    restoreSentForms();
  });

  // Intent: fetch an island's code while the parent points at or focuses what opens it.
  const onIntent = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest(`[aria-controls="${ENQUIRY_DIALOG_ID}"], [data-open-enquiry]`)) void loadEnquiryForm();
    else if (target.closest("a[data-lightbox]")) void loadLightbox();
    const payFee = target.closest<HTMLElement>("a[data-expanded]");
    if (payFee) payFee.dataset.expanded = "true";
  };
  document.addEventListener("pointerover", onIntent, { passive: true });
  document.addEventListener("focusin", onIntent);

  // Reading progress and back-to-top, once per frame while the page scrolls or resizes.
  let frame = 0;
  const follow = () => {
    frame = 0;
    const bar = document.querySelector<HTMLElement>("[data-reading-progress]");
    if (bar) bar.style.transform = `scaleX(${readingProgress(window.scrollY, html.scrollHeight, window.innerHeight)})`;
    const back = document.querySelector<HTMLElement>("[data-back-to-top]");
    if (back) back.hidden = window.scrollY <= BACK_TO_TOP_THRESHOLD_PX;
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(follow);
  };
  follow();
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule, { passive: true });

  if (!prefersReducedMotion()) {
    startShakeSchedule(
      () => !enquiry?.open,
      (on) => {
        for (const button of document.querySelectorAll<HTMLElement>("[data-shaking]")) button.dataset.shaking = String(on);
      },
    );
  }
  if (enquiry?.querySelector("[data-auto-open]")) {
    setTimeout(() => {
      if (mayAutoOpen()) openEnquiry();
    }, AUTO_OPEN_MS);
  }

  const quickActions = document.querySelector<HTMLElement>("[data-quick-actions]");
  if (quickActions) keepClear(quickActions);
  for (const carousel of document.querySelectorAll<HTMLElement>("[data-carousel]")) void import("./hero-carousel").then(({ startCarousel }) => startCarousel(carousel));

  reportPageview(location.pathname, document.referrer);
  html.dataset.hydrated = "true";
}
