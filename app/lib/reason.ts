/**
 * The reason the office writes when it refunds a payment, cancels a receipt or pays back a credit:
 * kept on the record for the auditor, so it must say something (at least 3 characters) and fit the
 * record (at most 500), counted after trimming. One rule for the forms' limits, the actions' checks
 * and the services that store it.
 */
import { z } from "zod";

export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const REASON_MESSAGE = `Give a reason of ${REASON_MIN} to ${REASON_MAX} characters`;

/** A reason as a form sends it: trimmed, then 3 to 500 characters. */
export const reasonSchema = z.string().trim().min(REASON_MIN, REASON_MESSAGE).max(REASON_MAX, REASON_MESSAGE);

/** The reason trimmed. Throws RangeError (REASON_MESSAGE) when it is outside 3-500 characters. */
export function checkReason(reason: string): string {
  const parsed = reasonSchema.safeParse(reason);
  if (!parsed.success) throw new RangeError(REASON_MESSAGE);
  return parsed.data;
}
