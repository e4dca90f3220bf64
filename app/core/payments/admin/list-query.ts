/**
 * The payments list's URL query (status, purpose, provider, IST date range, flagged, search,
 * page), parsed with zod so any hand-typed URL gives a sensible page; unknown values are dropped.
 */
import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_PROVIDERS, PAYMENT_PURPOSES } from "~/db/payment-values";
import type { OrderFilters } from "../orders.server";

export const ORDERS_PAGE_SIZE = 25;

/** A real calendar date between 2000 and 2999 (year 0 and 31 February are dropped). */
const isoDate = z
  .string()
  .regex(/^2\d{3}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s));
const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const querySchema = z.object({
  status: loose(z.enum(ORDER_STATUSES)),
  purpose: loose(z.enum(PAYMENT_PURPOSES)),
  provider: loose(z.enum(PAYMENT_PROVIDERS)),
  from: loose(isoDate),
  to: loose(isoDate),
  flagged: loose(z.literal("1").transform(() => true)),
  q: loose(z.string().trim().regex(/^[\w-]{1,64}$/)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseOrderQuery(params: URLSearchParams): { filters: OrderFilters; page: number } {
  const raw = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  const { page, ...filters } = querySchema.parse({ page: 1, ...raw });
  return { filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as OrderFilters, page };
}

/** "?status=paid&page=2" for filters and a page ("" when empty). */
export function orderSearch(filters: OrderFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== false) params.set(k, v === true ? "1" : String(v));
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
