/**
 * Flags on an order: why the administrator must look at it (the list's "needs a look" filter,
 * the order page's warning). The kinds are ORDER_FLAGS (app/db/payment-values.ts); the payment
 * core raises the mismatches, bad signatures and a second paid attempt, a purpose's `onPaid`
 * may raise its own (e.g. "credit"). A later flag never hides an earlier one: the order shows
 * the latest kind and every detail, oldest first.
 */
import type { OrderFlag } from "~/db/payment-values";

export type { OrderFlag };

/** One reason to look, with a sentence the administrator reads (e.g. "… refund one."). */
export type Flag = { flag: OrderFlag; detail: string };

/** Longest flag_detail kept: the earliest details stay, a newer one is cut. */
export const MAX_FLAG_DETAIL = 2000;

/**
 * The order's flag columns after `next` is raised: `flag` becomes the newest kind and its detail
 * is added on a new line after the earlier ones. Returns null when nothing changes (the same
 * detail is already there: a status check that says the same thing again). Pure.
 */
export function withFlag(current: { flag: string | null; flagDetail: string | null }, next: Flag): { flag: OrderFlag; flagDetail: string } | null {
  const detail = next.detail.trim();
  const earlier = current.flag ? (current.flagDetail ?? "").trim() : "";
  if (current.flag === next.flag && earlier.split("\n").includes(detail)) return null;
  if (current.flag && earlier.split("\n").includes(detail)) return { flag: next.flag, flagDetail: earlier };
  const flagDetail = (earlier ? `${earlier}\n${detail}` : detail).slice(0, MAX_FLAG_DETAIL);
  return current.flag === next.flag && flagDetail === earlier ? null : { flag: next.flag, flagDetail };
}
