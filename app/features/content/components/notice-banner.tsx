/**
 * The site-wide alert banner (issue 28): the current notice marked as a banner ("School closed
 * tomorrow: heavy rain"), between the fixed header and the page, on every public page while the
 * notice is current. Its text is the school's own; the page's memory copy is rendered again when
 * it starts and ends (server/page-cache.ts), so it needs no script.
 */
import { Link } from "react-router";
import type { NoticeView } from "../published.server";

/** `hasDetail`: the notice has more text, shown on the home page's notices. */
export function NoticeBanner({ notice }: { notice: Pick<NoticeView, "slug" | "title" | "untilLabel"> & { hasDetail: boolean } }) {
  return (
    <div role="region" aria-label="Notice" className="mt-[72px] border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="mx-auto flex max-w-7xl flex-wrap items-baseline gap-x-3 gap-y-1 px-5 py-3">
        <strong className="font-bold">{notice.title}</strong>
        <span className="text-sm">{notice.untilLabel}.</span>
        {notice.hasDetail && (
          <Link to={`/#notice-${notice.slug}`} className="text-sm font-semibold underline underline-offset-2 hover:no-underline">
            Read the notice
          </Link>
        )}
      </p>
    </div>
  );
}
