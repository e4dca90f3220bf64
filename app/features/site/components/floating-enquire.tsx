/**
 * Floating Enquire Now button on the right and the enquiry dialog (SPEC §2, §4, §9):
 * - the button shakes for 800 ms every 30 s and once 5 s after load while the dialog is closed
 *   (never under prefers-reduced-motion);
 * - any element with `data-open-enquiry` (the contact page, the landing page's call button)
 *   opens the dialog instead of following its /enquire link;
 * - on the home page the dialog opens by itself after 5 s, once per browser session, unless it
 *   was shown or an enquiry was submitted; closing marks it shown;
 * - after a successful submission the dialog closes 3 s later.
 * The form is the route's to supply (`Form`), so this feature does not import another.
 */
import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { school } from "#content/school";
import { prefersReducedMotion } from "~/lib/reduced-motion";
import { startShakeSchedule } from "../shake";
import { STEP_ASIDE_CLASS } from "../stay-clear";
import { AUTO_OPEN_MS, SUCCESS_CLOSE_MS, markShown, markSubmitted, mayAutoOpen } from "../enquiry-session";
import { ModalDialog } from "./modal-dialog";
import { ChatIcon } from "./icons";

type Props = {
  /** Show the floating button (pages whose purpose is a form or a payment step do not); the dialog works either way. */
  floating?: boolean;
  /** The form, given a callback for a successful submission. Rendered only while open. */
  Form: ComponentType<{ onSuccess: () => void }>;
  /** Open by itself after 5 s (the home page). */
  autoOpen: boolean;
  /** Called on hover/focus of the button, to fetch the form's code early. */
  onIntent?: () => void;
};

export function FloatingEnquire({ Form, autoOpen, onIntent, floating = true }: Props) {
  const [open, setOpen] = useState(false);
  const [shaking, setShaking] = useState(false);
  const openRef = useRef(open);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    openRef.current = open;
  }, [open]);

  // No shaking at all for visitors who asked for reduced motion.
  useEffect(() => (prefersReducedMotion() ? undefined : startShakeSchedule(() => !openRef.current, setShaking)), []);

  useEffect(() => {
    if (!autoOpen) return;
    const timer = setTimeout(() => {
      if (!openRef.current && mayAutoOpen()) setOpen(true);
    }, AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, [autoOpen]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest("[data-open-enquiry]") : null;
      if (!target || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    markShown();
    setOpen(false);
  }, []);

  const onSuccess = useCallback(() => {
    markSubmitted();
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(close, SUCCESS_CLOSE_MS);
  }, [close]);

  return (
    <>
      {floating && (
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          data-shaking={shaking}
          data-floating=""
          className={`fixed right-3 bottom-24 z-30 flex h-12 items-center gap-1.5 rounded-full bg-accent-400 px-3 text-sm font-bold text-brand-900 shadow-lg transition-[opacity,visibility] duration-200 hover:bg-accent-500 sm:gap-2 sm:px-4 sm:text-base ${STEP_ASIDE_CLASS} ${shaking ? "animate-shake" : ""}`}
        >
          <ChatIcon className="size-5" />
          Enquire Now
        </button>
      )}
      <ModalDialog
        open={open}
        onClose={close}
        title="Enquire Now"
        closeLabel="Close"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl"
      >
        <div className="px-6 py-5">
          {open && (
            <Suspense fallback={<p role="status" className="py-10 text-center text-slate-700">Loading…</p>}>
              <Form onSuccess={onSuccess} />
            </Suspense>
          )}
          <p className="mt-4 text-sm text-slate-700">
            Prefer to talk? Call{" "}
            <a className="font-semibold text-brand-700 underline" href={`tel:${school.phones[0].e164}`}>{school.phones[0].display}</a>{" "}
            ({school.hours.days} {school.hours.open}-{school.hours.close}).
          </p>
        </div>
      </ModalDialog>
    </>
  );
}
