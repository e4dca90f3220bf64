/**
 * A table that may be wider than a phone: it scrolls inside its own focusable region (so
 * keyboard users can scroll it too) instead of widening the page.
 */
import type { ReactNode } from "react";

/** `label` names the scroll region, e.g. "Fee structure table"; it must differ from the section's heading. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A focusable scroll container is how WCAG 2.1.1 keyboard access works for wide tables.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={label} tabIndex={0} className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 shadow-sm">
      {children}
    </div>
  );
}

export const th = "border-b border-slate-200 bg-brand-50 px-2.5 py-2.5 text-left text-sm font-bold text-brand-800 sm:px-4";
export const td = "border-b border-slate-100 px-2.5 py-2.5 align-top text-slate-800 sm:px-4";
