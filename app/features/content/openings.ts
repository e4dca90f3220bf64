/**
 * Job openings (/openings, SPEC §2 careers) as the page shows them, and the openings of
 * content/seed/openings.ts as items of the database (the first start's copy). Which openings
 * show (until the end of the closing date in India) is items.ts `isVisible`.
 */
import { openingsSeed } from "#content/seed/openings";
import { formatDisplayDate } from "~/lib/dates";
import type { OpeningFields } from "./items";

/** An opening as /openings shows it: `id` is its address, the dates also as en-IN labels ("20 Dec 2026"). */
export type OpeningView = Omit<OpeningFields, "publishAt" | "unpublishAt"> & { id: string; closingLabel: string; postedLabel: string };

/** The view of the opening `slug` with published `fields`; throws RangeError for a malformed date. */
export function toOpeningView(slug: string, fields: OpeningFields): OpeningView {
  const { publishAt: _publishAt, unpublishAt: _unpublishAt, ...shown } = fields;
  return { ...shown, id: slug, closingLabel: formatDisplayDate(fields.closingDate), postedLabel: formatDisplayDate(fields.posted) };
}

/** Openings in the page's order: soonest closing first, then by role. */
export function byClosingDate<T extends { closingDate: string; role: string }>(a: T, b: T): number {
  return a.closingDate.localeCompare(b.closingDate) || a.role.localeCompare(b.role);
}

/** The openings of content/seed/openings.ts as items of the database (store.server.ts `seedContent`), addressed by their ids. */
export function openingSeedItems(): { kind: "opening"; slug: string; fields: Record<string, unknown> }[] {
  return openingsSeed.map(({ id, ...fields }) => ({ kind: "opening" as const, slug: id, fields }));
}
