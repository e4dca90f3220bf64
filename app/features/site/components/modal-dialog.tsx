/**
 * A modal built on the native <dialog> element: `showModal()` makes the rest of the page inert
 * (a focus trap without extra code), Escape closes it, and focus returns to the control that
 * opened it. The parent owns `open`; every way of closing calls `onClose`. It draws the heading
 * (its accessible name) and a close button above `children`.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { CloseIcon } from "./icons";

type Props = {
  open: boolean;
  onClose: () => void;
  /** The dialog's heading and accessible name. */
  title: string;
  /** Accessible name of the close button. */
  closeLabel: string;
  className?: string;
  children: ReactNode;
};

export function ModalDialog({ open, onClose, title, closeLabel, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // The click handler is the mouse path for closing on the backdrop; keyboard users have
    // Escape (the native cancel event).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={className}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog box itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-xl font-bold text-brand-800">{title}</h2>
        <button type="button" onClick={onClose} aria-label={closeLabel} className="rounded-full p-2 text-slate-700 hover:bg-slate-100">
          <CloseIcon className="size-6" />
        </button>
      </div>
      {children}
    </dialog>
  );
}
