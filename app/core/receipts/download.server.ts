/**
 * /receipt-download: a parent gives the receipt number and the student's admission
 * number, or the application number and the registered mobile, and gets a link to the PDF. The
 * answer never says which of the two was wrong; wrong tries are counted per client IP and per
 * receipt number by the look-up throttle (app/db/lookup-throttle.server.ts). The link is signed with
 * RECEIPT_SECRET and lasts DOWNLOAD_LINK_MS, so the number (which is printed and guessable) is
 * never an access key on its own (DESIGN.md §6).
 */
import type { Database } from "~/db/client.server";
import { LOOKUP_LIMITS, lookupThrottled, recordLookupFailure } from "~/db/lookup-throttle.server";
import { readIdToken, signToken } from "~/lib/signed-token.server";
import { receiptById, receiptByNumber, type Receipt } from "./issue.server";
import { normaliseReceiptNumber } from "./numbering";
import type { DownloadInput } from "./schema";

/** Wrong tries allowed per client IP in THROTTLE_WINDOW_MS, and per receipt number. */
export const MAX_FAILURES_PER_IP = LOOKUP_LIMITS.receipt.perIp;
export const MAX_FAILURES_PER_NUMBER = LOOKUP_LIMITS.receipt.perKey;
export const THROTTLE_WINDOW_MS = LOOKUP_LIMITS.receipt.windowMs;
export const DOWNLOAD_LINK_MS = 15 * 60_000;

export const NOT_FOUND_MESSAGE = "We could not find a receipt with these details. Check the receipt number and the other detail, and try again.";
export const THROTTLED_MESSAGE = "Too many attempts. Please wait 15 minutes and try again, or ask the school office for a copy.";

const same = (a: string | null | undefined, b: string) => (a ?? "").replace(/\s+/g, "").toUpperCase() === b.replace(/\s+/g, "").toUpperCase();

export type DownloadResult = { kind: "found"; receipt: Receipt } | { kind: "not_found" } | { kind: "throttled" };

/**
 * Looks up a receipt for a parent. Counts a miss against the IP and the number; refuses every
 * try once either limit is reached (even a right one, so the limit cannot be probed).
 */
export async function findForParent(db: Database, input: DownloadInput, ip: string, now = new Date()): Promise<DownloadResult> {
  const number = normaliseReceiptNumber(input.receiptNumber) ?? input.receiptNumber.trim().toUpperCase().slice(0, 60);
  if (await lookupThrottled(db, "receipt", { key: number, ip }, now)) return { kind: "throttled" };
  const receipt = normaliseReceiptNumber(input.receiptNumber) ? await receiptByNumber(db, number) : null;
  const s = receipt?.student;
  const matches =
    s &&
    (input.by === "admission"
      ? Boolean(s.admissionNumber) && same(s.admissionNumber, input.admissionNumber)
      : Boolean(s.applicationNumber) && same(s.applicationNumber, input.applicationNumber) && same(s.mobile, input.mobile));
  if (receipt && matches) return { kind: "found", receipt };
  await recordLookupFailure(db, "receipt", { key: number, ip }, now);
  return { kind: "not_found" };
}

/** A download path for receipt `id` valid for DOWNLOAD_LINK_MS: `/receipts/file/<id>.<expires>.<mac>`. */
export function downloadPath(secret: string, id: number, now = new Date()): string {
  return `/receipts/file/${signToken(secret, "kva-receipt-download", id, DOWNLOAD_LINK_MS, now)}`;
}

/** The receipt id a download token grants, or null when it is malformed, forged or expired. */
export function readDownloadToken(secret: string, token: string, now = new Date()): number | null {
  return readIdToken(secret, "kva-receipt-download", token, now);
}

/** The receipt behind a download token; null when the token does not grant one. */
export async function receiptForToken(db: Database, secret: string, token: string, now = new Date()): Promise<Receipt | null> {
  const id = readDownloadToken(secret, token, now);
  return id === null ? null : receiptById(db, id);
}
