/**
 * The enquiry inbox's URL query (search, class, status, IST date range, page), parsed with zod
 * so any hand-typed URL gives a sensible page instead of an error.
 */
import { z } from "zod";
import { ENQUIRY_STATUSES } from "~/db/enquiry-statuses";
import { SCHOOL_CLASSES } from "#content/school";
import type { EnquiryFilters } from "./enquiries.server";

export const INBOX_PAGE_SIZE = 20;

/**
 * A calendar date "yyyy-mm-dd" from 1900 to 2999: year 0 or 30 February would reach the
 * database as a timestamp it refuses.
 */
const isoDate = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/)
  .refine((s) => {
    const date = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s);
  });
const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const querySchema = z.object({
  // No control characters: PostgreSQL cannot compare text with a NUL byte.
  q: loose(z.string().trim().max(100).regex(/^[^\p{Cc}]*$/u)),
  class: loose(z.enum(SCHOOL_CLASSES)),
  status: loose(z.enum(ENQUIRY_STATUSES)),
  from: loose(isoDate),
  to: loose(isoDate),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type InboxQuery = { filters: EnquiryFilters; page: number };

/** Reads the filters and page from a URL's search parameters; invalid values are dropped. */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const raw = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  const { page, ...filters } = querySchema.parse({ page: 1, ...raw });
  return { filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== "")) as EnquiryFilters, page };
}

/** The search string for filters and a page, e.g. "?q=ghosh&page=2" ("" when empty). */
export function inboxSearch(filters: EnquiryFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, String(v));
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
