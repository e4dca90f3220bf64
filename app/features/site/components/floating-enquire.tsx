/**
 * Floating Enquire Now button on the right and the enquiry dialog (SPEC §2, §4, §9), as
 * markup. The chrome script (../chrome/index.ts) gives them their behaviour: the button shakes
 * for 800 ms every 30 s and once 5 s after load while the dialog is closed (never under
 * prefers-reduced-motion); it, and any element with `data-open-enquiry`, opens the dialog, whose
 * form (app/features/enquiries/components/enquiry-island.tsx) is mounted into
 * `data-enquiry-form` on first opening; on the home page the dialog opens by itself after 5 s,
 * once per browser session; after a successful submission it closes 3 s later.
 */
import { school } from "#content/school";
import { ENQUIRY_DIALOG_ID } from "../chrome/ids";
import { STEP_ASIDE_CLASS } from "../chrome/stay-clear";
import { ModalDialog } from "./modal-dialog";
import { ChatIcon } from "./icons";

type Props = {
  /** Show the floating button (pages whose purpose is a form or a payment step do not); the dialog works either way. */
  floating?: boolean;
  /** Open by itself after 5 s (the home page). */
  autoOpen: boolean;
};

export function FloatingEnquire({ autoOpen, floating = true }: Props) {
  return (
    <>
      {floating && (
        <button
          type="button"
          aria-haspopup="dialog"
          aria-controls={ENQUIRY_DIALOG_ID}
          data-opens-dialog=""
          data-shaking="false"
          data-floating=""
          className={`fixed right-3 bottom-24 z-30 flex h-12 items-center gap-1.5 rounded-full bg-accent-400 px-3 text-sm font-bold text-brand-900 shadow-lg transition-[opacity,visibility] duration-200 hover:bg-accent-500 data-[shaking=true]:animate-shake sm:gap-2 sm:px-4 sm:text-base ${STEP_ASIDE_CLASS}`}
        >
          <ChatIcon className="size-5" />
          Enquire Now
        </button>
      )}
      <ModalDialog
        id={ENQUIRY_DIALOG_ID}
        title="Enquire Now"
        closeLabel="Close"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl"
      >
        <div className="px-6 py-5" data-auto-open={autoOpen ? "" : undefined}>
          <div data-enquiry-form="">
            <p role="status" className="py-10 text-center text-slate-700">Loading…</p>
          </div>
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
