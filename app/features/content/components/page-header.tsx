/**
 * The top of every content page: breadcrumbs, the page's one <h1>, the lead paragraph and an
 * optional illustration (the LCP element when present, so it loads eagerly).
 */
import type { ReactNode } from "react";
import type { Crumb } from "../structured-data";
import type { Picture as PictureData } from "../images.server";
import { Breadcrumbs } from "./breadcrumbs";
import { Picture } from "./picture";

type Props = { crumbs: readonly Crumb[]; heading: string; lead: string; image?: PictureData; children?: ReactNode };

export function PageHeader({ crumbs, heading, lead, image, children }: Props) {
  return (
    <div className="border-b border-brand-100 bg-brand-50">
      <div className={`mx-auto grid max-w-7xl gap-8 px-5 py-8 sm:py-12 ${image ? "lg:grid-cols-[1.2fr_1fr] lg:items-center" : ""}`}>
        <div className="min-w-0">
          <Breadcrumbs crumbs={crumbs} />
          <h1 className="mt-4 text-3xl leading-tight font-extrabold text-balance text-brand-800 sm:text-4xl lg:text-5xl">{heading}</h1>
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700 sm:text-xl">{lead}</p>
          {children}
        </div>
        {image && (
          <Picture image={image} priority sizes="(min-width: 1280px) 560px, (min-width: 1024px) 42vw, calc(100vw - 40px)" className="h-auto w-full rounded-3xl shadow-lg" />
        )}
      </div>
    </div>
  );
}
