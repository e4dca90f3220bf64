/**
 * The audit log's URL query (who, action, the entity's id, IST date range, page), parsed with
 * zod so any hand-typed URL gives a sensible page; unknown values are dropped. Pure.
 */
import { z } from "zod";
import { realDate } from "~/lib/dates";

export const AUDIT_PAGE_SIZE = 25;

export type AuditFilters = {
  /** The actor's e-mail address (or "system"), exactly. */
  who?: string;
  /** `<entity>.<verb>`, e.g. "receipt.cancel". */
  action?: string;
  /** Part of the entity's id: a receipt, admission or application number, a reference. */
  q?: string;
  /** IST dates "yyyy-mm-dd", inclusive. */
  from?: string;
  to?: string;
};

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const isoDate = z.string().refine((s) => realDate(s) !== null);

const querySchema = z.object({
  who: loose(z.string().trim().toLowerCase().min(1).max(254).regex(/^[^\s\p{Cc}]+$/u)),
  action: loose(z.string().regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/)),
  // No control characters: PostgreSQL cannot compare text with a NUL byte.
  q: loose(z.string().trim().min(1).max(100).regex(/^[^\p{Cc}]*$/u)),
  from: loose(isoDate),
  to: loose(isoDate),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** Reads the filters and page from a URL's search parameters; invalid values are dropped, a reversed range put in order. */
export function parseAuditQuery(params: URLSearchParams): { filters: AuditFilters; page: number } {
  const raw = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  const { page, ...parsed } = querySchema.parse({ page: 1, ...raw });
  const filters = Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as AuditFilters;
  if (filters.from && filters.to && filters.from > filters.to) [filters.from, filters.to] = [filters.to, filters.from];
  return { filters, page };
}

/** "?who=accounts%40school.in&page=2" for filters and a page ("" when empty). */
export function auditSearch(filters: AuditFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, String(v));
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
