/** The visible breadcrumb trail (WAI-ARIA APG breadcrumb pattern); JSON-LD mirrors it in meta. */
import { Link } from "react-router";
import type { Crumb } from "../structured-data";

export function Breadcrumbs({ crumbs, tone = "light" }: { crumbs: readonly Crumb[]; tone?: "light" | "dark" }) {
  const link = tone === "dark" ? "text-slate-100 underline hover:text-white" : "text-brand-700 underline hover:text-brand-900";
  const current = tone === "dark" ? "text-white" : "text-slate-800";
  const separator = tone === "dark" ? "text-slate-300" : "text-slate-500";
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-2">
              {i > 0 && <span aria-hidden="true" className={separator}>›</span>}
              {last ? (
                <span aria-current="page" className={`font-semibold ${current}`}>{crumb.label}</span>
              ) : (
                <Link to={crumb.path} className={link}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
