/**
 * The published content's version (`content_state`, docs/decisions/025-content-in-the-database.md):
 * every process reads it twice a second and renders its memory pages again when it changed.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contentState } from "~/db/schema/content";

/**
 * Bumps the published content's version inside the caller's transaction: every process renders
 * its pages again within a second. For every change public pages show: a publish, and changes
 * outside content_items (the fee book and admission settings behind /fee and the brochure).
 */
export async function bumpContentVersion(tx: Database): Promise<void> {
  await tx
    .update(contentState)
    .set({ version: sql`${contentState.version} + 1`, changedAt: sql`now()` })
    .where(eq(contentState.id, 1));
}
