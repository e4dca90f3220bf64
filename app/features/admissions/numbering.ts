/**
 * Application numbers: "KVA/ADM/2027-28/0001", the school's short name, ADM, the
 * session and a four-digit sequence per session without gaps (allocated in the inserting
 * transaction, applications.server.ts). Shown to parents and on receipts; never a key in links.
 */
import { school } from "#content/school";
import { sessionKey } from "~/lib/dates";

/** The fewest digits of an application number's sequence ("0001"). */
export const SEQUENCE_DIGITS = 4;

/** "KVA/ADM/2027-28/" for session "2027-28": what comes before the sequence. */
export function applicationNumberPrefix(session: string): string {
  return `${school.shortName}/ADM/${sessionKey(session)}/`;
}

/** "KVA/ADM/2027-28/0001" for session "2027-28" and sequence 1 (at least SEQUENCE_DIGITS digits). */
export function formatApplicationNumber(session: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Not a sequence: ${sequence}`);
  return `${applicationNumberPrefix(session)}${String(sequence).padStart(SEQUENCE_DIGITS, "0")}`;
}

/** Upper-case, spaces removed: how a parent's typed number is compared ("kva/adm/2027-28/0001 " → "KVA/ADM/2027-28/0001"). */
export function normaliseApplicationNumber(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase().slice(0, 40);
}


/** The acknowledgement PDF's file name: "application-KVA-ADM-2027-28-0001.pdf". */
export function acknowledgementFileName(number: string): string {
  return `application-${number.replace(/[^\w-]+/g, "-")}.pdf`;
}
