/**
 * A modal on the native <dialog> element, as markup: the chrome script (../chrome/index.ts)
 * opens it with `showModal()` (the rest of the page becomes inert: a focus trap without extra
 * code), and closes it on its close button (`data-dialog-close`), Escape (native) and a click on
 * the backdrop; focus returns to the control that opened it. It draws the heading (its
 * accessible name) and a close button above `children`.
 */
import type { ReactNode } from "react";
import { CloseIcon } from "./icons";

type Props = {
  /** The element id the opener names in `aria-controls`. */
  id: string;
  /** The dialog's heading and accessible name. */
  title: string;
  /** Accessible name of the close button. */
  closeLabel: string;
  className?: string;
  children: ReactNode;
};

export function ModalDialog({ id, title, closeLabel, className, children }: Props) {
  return (
    <dialog id={id} aria-labelledby={`${id}-title`} className={className}>
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <h2 id={`${id}-title`} className="text-xl font-bold text-brand-800">{title}</h2>
        <button type="button" data-dialog-close="" aria-label={closeLabel} className="rounded-full p-2 text-slate-700 hover:bg-slate-100">
          <CloseIcon className="size-6" />
        </button>
      </div>
      {children}
    </dialog>
  );
}
