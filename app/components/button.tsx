/**
 * The site's buttons: one look per variant and size, for a <button>, a react-router <Link>
 * (ButtonLink) or a plain <a> (buttonClass), so a form's submit and a page's call to action
 * keep the same colours everywhere. Layout (margins, width, display) comes from the caller.
 */
import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

const VARIANTS = {
  /** The one action of a form or panel: brand fill. */
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  /** A second action beside a primary: brand outline. */
  secondary: "border border-brand-700 text-brand-700 hover:bg-brand-50",
  /** An action that cannot be undone (cancel a receipt): red fill. */
  danger: "bg-red-700 text-white hover:bg-red-800",
  /** A danger action beside others: red outline. */
  "danger-outline": "border border-red-700 text-red-800 hover:bg-red-50",
  /** An admin toolbar link to another screen: grey outline on white. */
  neutral: "border border-slate-400 bg-white text-slate-800 hover:bg-slate-50",
  /** A quiet text-like action (a filter form's Clear). */
  ghost: "text-slate-800 hover:bg-slate-100",
} as const;

const SIZES = {
  /** Dense admin forms and toolbars. */
  xs: "px-3 py-2 text-sm font-semibold",
  sm: "px-4 py-2 text-sm font-semibold",
  "sm-wide": "px-5 py-2 text-sm font-semibold",
  /** An admin row's inline save. */
  compact: "px-3 py-1.5 font-semibold",
  md: "px-4 py-2 font-semibold",
  "md-bold": "px-4 py-2 font-bold",
  /** A 44-pixel touch target (WCAG 2.5.5): parents' payment and receipt forms, fee screens. */
  touch: "min-h-11 px-5 py-2.5 font-semibold",
  "touch-narrow": "min-h-11 px-4 py-2.5 font-semibold",
  lg: "px-5 py-2.5 font-semibold",
  xl: "px-6 py-3 font-semibold",
  /** The submit of a long public form (apply, enquiry, status). */
  form: "px-5 py-3 font-bold",
  /** The sign-in card's full-width submit. */
  "form-narrow": "px-4 py-3 font-bold",
} as const;

/**
 * How a disabled (busy) button looks: grey (the default of the filled variants), or the lighter
 * grey of the public forms (optionally with dark text); outlines keep their look.
 */
const DISABLED = {
  grey: "disabled:bg-slate-500",
  pale: "disabled:bg-slate-400",
  "pale-ink": "disabled:bg-slate-400 disabled:text-slate-900",
  none: "",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;
export type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; disabledLook?: keyof typeof DISABLED; className?: string };

/** The class list of a button look; `className` adds layout (margins, width, display) and must not restate colours or sizes. */
export function buttonClass({ variant = "primary", size = "md", disabledLook, className }: ButtonStyle = {}): string {
  const disabled = disabledLook ?? (variant === "primary" || variant === "danger" ? "grey" : "none");
  return ["rounded-lg", VARIANTS[variant], SIZES[size], DISABLED[disabled], className].filter(Boolean).join(" ");
}

type ButtonProps = ButtonStyle & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className">;

/** A <button> (type "submit" unless told) with a look of buttonClass. */
export function Button({ variant, size, disabledLook, className, type = "submit", ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, disabledLook, className })} {...rest} />;
}

/** A react-router <Link> that looks like a button (a call to action that navigates). */
export function ButtonLink({ variant, size, className, ...rest }: Omit<ButtonStyle, "disabledLook"> & Omit<LinkProps, "className">) {
  return <Link className={buttonClass({ variant, size, disabledLook: "none", className })} {...rest} />;
}
