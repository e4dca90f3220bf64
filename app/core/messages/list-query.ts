/**
 * The messages list's URL query (status, kind, channel, search, page), parsed with zod so any
 * hand-typed URL gives a sensible page instead of an error; unknown values are dropped. Pure.
 */
import { z } from "zod";
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, type MessageChannel, type MessageStatus } from "~/db/message-values";
import { MESSAGE_KINDS, type MessageKind } from "./templates";

export const MESSAGES_PAGE_SIZE = 25;

export type MessageFilters = {
  status?: MessageStatus;
  kind?: MessageKind;
  channel?: MessageChannel;
  /** Part of the recipient (e-mail or mobile) or of what it is about ("order:KVA-…"). */
  q?: string;
};

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const querySchema = z.object({
  status: loose(z.enum(MESSAGE_STATUSES)),
  kind: loose(z.enum(MESSAGE_KINDS as [MessageKind, ...MessageKind[]])),
  channel: loose(z.enum(MESSAGE_CHANNELS)),
  // No control characters: PostgreSQL cannot compare text with a NUL byte.
  q: loose(z.string().trim().min(1).max(100).regex(/^[^\p{Cc}]*$/u)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** Reads the filters and page from a URL's search parameters; invalid values are dropped. */
export function parseMessageQuery(params: URLSearchParams): { filters: MessageFilters; page: number } {
  const raw = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  const { page, ...filters } = querySchema.parse({ page: 1, ...raw });
  return { filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as MessageFilters, page };
}

/** "?status=held&page=2" for filters and a page ("" when empty). */
export function messageSearch(filters: MessageFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, String(v));
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * The admin page a message's `related` names, or null: "order:<reference>" → the payment,
 * "application:<public id>" → the application, "student:<id>" → the student's fees,
 * "enquiry:<id>" → the enquiries, "staff:<user id>" → the staff page.
 */
export function relatedHref(related: string | null): string | null {
  const m = related ? /^([a-z_]+):(.+)$/.exec(related) : null;
  if (!m) return null;
  const [, what, id] = m as unknown as [string, string, string];
  if (what === "order" && /^[\w-]{1,64}$/.test(id)) return `/admin/payments/${id}`;
  if (what === "application" && /^[\w-]{1,64}$/.test(id)) return `/admin/applications/${id}`;
  if (what === "student" && /^\d{1,10}$/.test(id)) return `/admin/fees/students/${id}`;
  if (what === "enquiry") return "/admin/enquiries";
  if (what === "staff") return "/admin/staff";
  return null;
}
