/**
 * The administrator's list filters (/admin/applications?session=&class=&status=&from=&to=&q=),
 * parsed leniently: anything malformed is dropped, never an error page.
 */
import { z } from "zod";
import { APPLICATION_STATUSES } from "~/db/admission-values";
import { isIsoDate } from "./age";
import type { ApplicationFilters } from "./applications.server";
import { SCHOOL_CLASSES } from "#content/school";

const filterSchema = z.object({
  session: z.string().regex(/^\d{4}-\d{2}$/).optional().catch(undefined),
  className: z.enum(SCHOOL_CLASSES).optional().catch(undefined),
  status: z.enum(APPLICATION_STATUSES).optional().catch(undefined),
  from: z.string().refine(isIsoDate).optional().catch(undefined),
  to: z.string().refine(isIsoDate).optional().catch(undefined),
  // No control characters: PostgreSQL cannot compare text with a NUL, and nobody types one.
  q: z.string().trim().min(1).max(100).refine((s) => ![...s].some((c) => c.charCodeAt(0) < 0x20)).optional().catch(undefined),
});

/** Filters from the query string; unknown or malformed values are ignored. */
export function parseApplicationQuery(params: URLSearchParams): ApplicationFilters {
  const get = (k: string) => params.get(k) || undefined;
  const parsed = filterSchema.parse({ session: get("session"), className: get("class"), status: get("status"), from: get("from"), to: get("to"), q: get("q") });
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}

/** The query string of `filters` (for the CSV link). */
export function applicationQueryString(f: ApplicationFilters): string {
  const p = new URLSearchParams();
  if (f.session) p.set("session", f.session);
  if (f.className) p.set("class", f.className);
  if (f.status) p.set("status", f.status);
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  if (f.q) p.set("q", f.q);
  const s = p.toString();
  return s ? `?${s}` : "";
}
