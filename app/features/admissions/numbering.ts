/**
 * Application numbers: "KVA/ADM/2027-28/0001", the school's short name, ADM, the session and
 * a sequence of at least four digits per session without gaps (taken and formatted in the
 * statement that stores the application: applicationNumberSql, applications.server.ts). Shown
 * to parents and on receipts; never a key in links.
 */
import { school } from "#content/school";
import { sessionKey } from "~/lib/dates";

/** The fewest digits of an application number's sequence ("0001"). */
export const SEQUENCE_DIGITS = 4;

/** "KVA/ADM/2027-28/" for session "2027-28": what comes before the sequence (applicationNumberSql pads it). */
export function applicationNumberPrefix(session: string): string {
  return `${school.shortName}/ADM/${sessionKey(session)}/`;
}

/** Upper-case, spaces removed: how a parent's typed number is compared ("kva/adm/2027-28/0001 " → "KVA/ADM/2027-28/0001"). */
export function normaliseApplicationNumber(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase().slice(0, 40);
}


/** The acknowledgement PDF's file name: "application-KVA-ADM-2027-28-0001.pdf". */
export function acknowledgementFileName(number: string): string {
  return `application-${number.replace(/[^\w-]+/g, "-")}.pdf`;
}
