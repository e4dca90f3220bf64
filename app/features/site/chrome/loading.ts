/** The loading indicator's look (SPEC §2 "loading spinner"): one for React Router's pending navigations and the chrome's followed links. */

/** Classes of the indicator's pill. */
export const LOADING_INDICATOR_CLASS = "flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg";

/** The pill's content: a spinner and the word. */
export const LOADING_INDICATOR_HTML =
  '<span aria-hidden="true" class="size-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"></span>Loading…';
