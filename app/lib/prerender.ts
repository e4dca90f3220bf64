/**
 * The instant a page is rendered for (docs/decisions/025-content-in-the-database.md): pages are
 * rendered into memory per day in India and content epoch, with that instant in the load context.
 */

/**
 * The instant a page's date-dependent content is computed for: the load context's `now` (the
 * server's time of the request, or the instant a daily page is rendered for), else the current
 * time (build-time renders have no context).
 */
export function renderInstant(context: { now?: Date } | undefined): Date {
  return context?.now ?? new Date();
}
