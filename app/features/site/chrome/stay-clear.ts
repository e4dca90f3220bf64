/**
 * The floating quick actions (SPEC §2: Pay Fee on the left, Enquire Now on the right, Back to
 * top) never cover what a visitor has to read or press: while one of them would lie over a
 * link, a button, a form field or a message, it steps aside (`data-covering="true"`, which its
 * styles turn into invisible and unclickable) and comes back once the spot is clear. This holds
 * at every width and scroll position, for every page, including pages added later.
 *
 * Pages whose purpose is a form or a payment step do not show Pay Fee and Enquire Now at all
 * (`showsQuickActions`): there the page's own action is the one that matters, and a parent
 * paying a fee needs no floating "Pay Fee".
 */
/** What must never be covered: actions and messages (with the error text of invalid fields, found apart). */
export const KEEP_CLEAR_SELECTOR = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  "[role=button]",
  "[role=alert]",
  "[role=status]",
  "[aria-live=assertive]",
].join(",");

/** Styles of a floating action that has stepped aside: invisible, unclickable, out of the tab order. */
export const STEP_ASIDE_CLASS = "data-[covering=true]:invisible data-[covering=true]:opacity-0";

/** Room kept between a floating action and what it must not cover, in px. */
export const CLEARANCE_PX = 4;

export type Box = { left: number; top: number; right: number; bottom: number };

/** True when the boxes share an area (touching edges do not count); `margin` grows `a` on every side. */
export function overlaps(a: Box, b: Box, margin = 0): boolean {
  return a.left - margin < b.right && b.left < a.right + margin && a.top - margin < b.bottom && b.top < a.bottom + margin;
}

/**
 * Path prefixes of the pages whose purpose is a form or a payment step (app/routes.ts): apply,
 * admission status, retry and acknowledgement, enquiry, fee and bus-fee payment, the payment
 * portal, receipts, the payment hand-off and its result pages.
 */
const TASK_PAGES = [
  "/apply",
  "/admissions/",
  "/enquire",
  "/fees",
  "/fee-payment",
  "/bus-fee-payment",
  "/payment-portal",
  "/receipt-download",
  "/verify-receipt/",
  "/payment-success",
  "/payment-failure",
  "/payment-pending",
  "/student-payment",
  "/mock-payment",
  "/pay/",
  "/sample-payment",
];

/** Whether the page at `pathname` shows the floating Pay Fee and Enquire Now buttons. */
export function showsQuickActions(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return !TASK_PAGES.some((prefix) => (prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`)));
}

/** A visible, laid-out element's box; null for one that takes no room (hidden, collapsed, visually hidden text). */
function boxOf(element: Element): Box | null {
  const r = element.getBoundingClientRect();
  return r.width > 1 && r.height > 1 ? r : null;
}

/**
 * Marks each floating action in `container` (the elements with `data-floating`) with
 * `data-covering` = whether it lies over something of KEEP_CLEAR_SELECTOR outside `container`.
 * A floating action the visitor is pointing at or has focused stays where it is.
 */
export function markCovering(container: HTMLElement): void {
  const floats = [...container.querySelectorAll<HTMLElement>("[data-floating]")];
  if (floats.length === 0) return;
  const viewport = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  const targets: Box[] = [];
  const elements = new Set<Element>(document.querySelectorAll(KEEP_CLEAR_SELECTOR));
  // A field's error text: what an invalid field's aria-describedby points to.
  for (const field of document.querySelectorAll('[aria-invalid="true"][aria-describedby]')) {
    for (const id of field.getAttribute("aria-describedby")!.split(/\s+/)) {
      const message = id ? document.getElementById(id) : null;
      if (message) elements.add(message);
    }
  }
  for (const element of elements) {
    if (container.contains(element)) continue;
    const box = boxOf(element);
    if (box && overlaps(box, viewport)) targets.push(box);
  }
  for (const float of floats) {
    const box = boxOf(float);
    const held = float.matches(":hover") || float.contains(document.activeElement);
    const covering = !held && box !== null && targets.some((target) => overlaps(box, target, CLEARANCE_PX));
    if (float.dataset.covering !== String(covering)) float.dataset.covering = String(covering);
  }
}

/**
 * Keeps the floating actions in `container` clear of the page: checks once per frame while the
 * page scrolls, resizes or changes, and after clicks and typing (which can show or hide parts of
 * a form without changing the DOM's structure). Returns a function that stops it.
 */
export function keepClear(container: HTMLElement): () => void {
  let frame = 0;
  const schedule = () => {
    if (frame === 0) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        markCovering(container);
      });
    }
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "hidden", "open", "style", "aria-hidden"] });
  const events = ["scroll", "resize", "click", "input", "change", "transitionend", "load"] as const;
  for (const name of events) window.addEventListener(name, schedule, { passive: true, capture: true });
  schedule();
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    for (const name of events) window.removeEventListener(name, schedule, { capture: true });
  };
}
