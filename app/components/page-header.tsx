/** An admin screen's title with its actions (links, exports) on the right, wrapping on phones. */
import type { ReactNode } from "react";

export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-2xl font-bold text-brand-800">{title}</h1>
      {actions}
    </div>
  );
}
