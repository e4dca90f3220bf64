/**
 * Reads /fee's figures (fee-figures.ts) from the database: the page is kept in memory
 * (server/page-cache.ts) and rendered again when the content version changes, which saving the
 * fee book or the admission settings bumps. Throws (rejects) what the driver throws.
 */
import type { Database } from "~/db/client.server";
import { allSessions, openSession } from "~/features/admissions/sessions.server";
import type { FeeFigures } from "~/features/content/fees";
import { bookFor, latestBook } from "~/features/fees/ledger.server";
import { feeFigures, type FeeSource } from "./fee-figures";

/** The open admission session (the newest when admissions are closed) and its fee book, else the newest book. */
export async function feeSource(db: Database): Promise<FeeSource> {
  const session = (await openSession(db)) ?? (await allSessions(db))[0] ?? null;
  const book = (session && (await bookFor(db, session.name))) ?? (await latestBook(db));
  return { admission: session && { name: session.name, isOpen: session.isOpen, applicationFeePaise: session.applicationFeePaise, ageCutOff: session.ageCutOff }, book };
}

/** /fee's figures as they are now in `db`. */
export async function currentFeeFigures(db: Database): Promise<FeeFigures> {
  return feeFigures(await feeSource(db));
}
