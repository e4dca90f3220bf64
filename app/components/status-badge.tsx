/**
 * A status as a small coloured pill (payments, applications, enquiries). The feature maps each of
 * its statuses to a tone; the tones keep the exact colours each list has always shown.
 */
import type { ReactNode } from "react";

export const BADGE_TONES = {
  grey: "bg-slate-100 text-slate-900",
  "grey-strong": "bg-slate-200 text-slate-900",
  amber: "bg-amber-100 text-amber-900",
  green: "bg-emerald-100 text-emerald-900",
  red: "bg-red-100 text-red-900",
  orange: "bg-orange-100 text-orange-950",
  /** A warning that needs the administrator: white on red. */
  alert: "bg-red-700 text-white",
  // The applications list's darker text.
  "amber-deep": "bg-amber-100 text-amber-950",
  "sky-deep": "bg-sky-100 text-sky-950",
  "indigo-deep": "bg-indigo-100 text-indigo-950",
  "green-deep": "bg-emerald-100 text-emerald-950",
  "red-deep": "bg-red-100 text-red-950",
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

type Props = {
  tone: BadgeTone;
  children: ReactNode;
  /** "semibold" and a block box for lists where the badge stands on its own line. */
  weight?: "bold" | "semibold";
  block?: boolean;
  title?: string;
};

export function badgeClass({ tone, weight = "bold", block = false }: Pick<Props, "tone" | "weight" | "block">): string {
  return `${block ? "inline-block " : ""}rounded-full px-2.5 py-0.5 text-xs ${weight === "bold" ? "font-bold" : "font-semibold"} ${BADGE_TONES[tone]}`;
}

export function StatusBadge({ tone, children, weight, block, title }: Props) {
  return <span className={badgeClass({ tone, weight, block })} title={title}>{children}</span>;
}
