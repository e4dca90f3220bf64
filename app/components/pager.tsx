/**
 * Previous / "Page n of m" / Next under an admin list. The feature gives the search string of a
 * page (its filters kept); page 1's string may be empty, which becomes "?" so the link still
 * clears the page parameter.
 */
import { Link } from "react-router";

const LINK = "rounded-lg bg-white px-3 py-2 font-semibold shadow-sm";

/** The hrefs of the neighbouring pages, or null at either end. */
export function pagerHrefs(page: number, pageCount: number, searchOf: (page: number) => string): { previous: string | null; next: string | null } {
  return {
    previous: page > 1 ? searchOf(page - 1) || "?" : null,
    next: page < pageCount ? searchOf(page + 1) || "?" : null,
  };
}

/** Nothing when everything fits on one page. */
export function Pager({ page, pageCount, searchOf }: { page: number; pageCount: number; searchOf: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const { previous, next } = pagerHrefs(page, pageCount, searchOf);
  return (
    <nav aria-label="Pages" className="mt-5 flex items-center justify-between text-sm">
      {previous ? <Link className={LINK} to={previous}>Previous</Link> : <span />}
      <span>Page {page} of {pageCount}</span>
      {next ? <Link className={LINK} to={next}>Next</Link> : <span />}
    </nav>
  );
}
