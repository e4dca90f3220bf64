/**
 * The school brochure PDF as the site serves it: content and /fee's figures (fee-figures.server.ts),
 * made once per day in India and content epoch (the version saving the fee book or the admission
 * settings bumps), as the pages kept in memory are (server/page-cache.ts).
 */
import { getDb } from "~/db/client.server";
import type { FeeFigures } from "~/features/content/fees";
import { schoolBrochurePdf } from "~/features/content/pdf.server";
import { contentEpoch } from "~/features/content/published.server";
import { kolkataDate } from "~/lib/dates";
import { currentFeeFigures } from "./fee-figures.server";

/** The PDF, the fee figures in it, and its weak entity tag (the same for the same day and content epoch in every process). */
export type Brochure = { pdf: Buffer; fees: FeeFigures; etag: string };

let made: { key: string; brochure: Promise<Brochure> } | undefined;

/**
 * The school brochure for `now` (its PDF bytes and the fee figures in it): made at the first call
 * of each IST day and content epoch, shared by the calls after it. Rejects, and is made again at
 * the next call, when the database or PDFKit fails.
 */
export function currentBrochure(now = new Date()): Promise<Brochure> {
  const key = `${kolkataDate(now)} ${contentEpoch(now)}`;
  if (made?.key === key) return made.brochure;
  const brochure = (async () => {
    const fees = await currentFeeFigures(await getDb());
    return { pdf: await schoolBrochurePdf(fees, now), fees, etag: `W/"brochure-${key.replace(" ", "-")}"` };
  })();
  const entry = { key, brochure };
  made = entry;
  brochure.catch(() => {
    if (made === entry) made = undefined;
  });
  return brochure;
}
