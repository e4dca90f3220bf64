/**
 * Text inputs and their labelled frame: the input looks the forms share (a parent's form, a
 * payment or fee form, a dense admin form) and Field, the label, hint, control and first error
 * with the ids that tie them together for screen readers.
 */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

const BOX = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3";

const LOOKS = {
  /** Parents' long forms (apply, enquiry, status): larger text, a red ring when aria-invalid. */
  form: `${BOX} py-2.5 text-base text-slate-900 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700`,
  /** Payment, receipt and fee forms. */
  base: `${BOX} py-2`,
  /** Admin filters and settings. */
  dense: `${BOX} py-2 text-sm`,
} as const;

export type InputLook = keyof typeof LOOKS;

/** The class list of an input, select or textarea; `className` adds to it (font-mono, uppercase). */
export function inputClass(look: InputLook = "base", className?: string): string {
  return className ? `${LOOKS[look]} ${className}` : LOOKS[look];
}

type LookProps = { look?: InputLook; className?: string };

export function TextInput({ look, className, ...rest }: LookProps & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  return <input className={inputClass(look, className)} {...rest} />;
}

export function TextArea({ look, className, ...rest }: LookProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className">) {
  return <textarea className={inputClass(look, className)} {...rest} />;
}

/**
 * The ARIA attributes of a control with an optional hint and error: aria-invalid while there is
 * an error, and aria-describedby naming the error first, then the hint (Conform's rule, so a
 * hand-wired control reads like a Conform one).
 */
export function fieldAria({ error, errorId, hintId }: { error?: ReactNode; errorId?: string; hintId?: string }): { "aria-invalid"?: true; "aria-describedby"?: string } {
  const invalid = error !== undefined && error !== null && error !== false && error !== "";
  const describedBy = [invalid ? errorId : undefined, hintId].filter(Boolean).join(" ");
  return { ...(invalid ? { "aria-invalid": true as const } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) };
}

export const LABEL_CLASS = "block text-sm font-semibold text-slate-800";
export const ERROR_CLASS = "mt-1 text-sm font-medium text-red-800";

type FieldProps = {
  /** The control's id: the label points at it. */
  id: string;
  label: ReactNode;
  /** A line under the label, announced with the control through `hintId`. */
  hint?: ReactNode;
  hintId?: string;
  /** The first error, shown under the control with `errorId`. */
  error?: ReactNode;
  errorId?: string;
  /** Shown between the control and the error (e.g. a computed age). */
  note?: ReactNode;
  /** The control: give it fieldAria(...) or Conform's getInputProps, which set the same ids. */
  children: ReactNode;
};

/** A labelled control with its hint and first error, stacked. */
export function Field({ id, label, hint, hintId, error, errorId, note, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>{label}</label>
      {hint && <p id={hintId} className="mt-0.5 text-sm text-slate-600">{hint}</p>}
      {children}
      {note}
      {error && <p id={errorId} className={ERROR_CLASS}>{error}</p>}
    </div>
  );
}

/** The small capitals label of admin forms (list filters, settings). */
export const DENSE_LABEL_CLASS = "block text-xs font-semibold tracking-wide text-slate-700 uppercase";

/** An admin form's labelled control: the label wraps a small-capitals caption and the control (look "dense"). */
export function DenseField({ label, className, children }: { label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <label className={className}>
      <span className={DENSE_LABEL_CLASS}>{label}</span>
      {children}
    </label>
  );
}
