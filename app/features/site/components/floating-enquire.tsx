/**
 * Floating Enquire Now button on the right (SPEC §2): shakes for 800 ms every 30 s and once
 * 5 s after load while the form is closed (never under prefers-reduced-motion); opens the
 * enquiry dialog.
 */
import { useEffect, useId, useRef, useState } from "react";
import { school } from "#content/school";
import { startShakeSchedule } from "../shake";
import { prefersReducedMotion } from "~/lib/reduced-motion";
import { ModalDialog } from "./modal-dialog";
import { ChatIcon, CloseIcon } from "./icons";

export function FloatingEnquire() {
  const [open, setOpen] = useState(false);
  const [shaking, setShaking] = useState(false);
  const openRef = useRef(open);
  const titleId = useId();

  useEffect(() => {
    openRef.current = open;
  }, [open]);
  // No shaking at all for visitors who asked for reduced motion.
  useEffect(() => (prefersReducedMotion() ? undefined : startShakeSchedule(() => !openRef.current, setShaking)), []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-shaking={shaking}
        className={`fixed right-3 bottom-24 z-30 flex h-12 items-center gap-2 rounded-full bg-accent-400 px-4 font-bold text-brand-900 shadow-lg hover:bg-accent-500 ${shaking ? "animate-shake" : ""}`}
      >
        <ChatIcon className="size-5" />
        Enquire Now
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={titleId}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl"
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
          <h2 id={titleId} className="text-xl font-bold text-brand-800">Enquire Now</h2>
          <button type="button" onClick={() => setOpen(false)} aria-label="Close" className="rounded-full p-1.5 text-slate-700 hover:bg-slate-100">
            <CloseIcon className="size-6" />
          </button>
        </div>
        <div className="space-y-3 px-6 py-5 text-slate-700">
          <p>Our admissions team answers every enquiry. Call or write to us during school hours ({school.hours.days} {school.hours.open}-{school.hours.close}).</p>
          <ul className="space-y-2 font-semibold">
            {school.phones.map((p) => (
              <li key={p.e164}>
                <a className="text-brand-700 underline" href={`tel:${p.e164}`}>{p.label}: {p.display}</a>
              </li>
            ))}
            <li>
              <a className="text-brand-700 underline" href={`mailto:${school.emails[1]}`}>{school.emails[1]}</a>
            </li>
          </ul>
        </div>
      </ModalDialog>
    </>
  );
}
