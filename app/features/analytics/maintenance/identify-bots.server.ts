/**
 * Bot identification (SPEC §4 "Bot flag", §7, §9): every record whose is_bot is null or false is
 * checked again with today's rules (bot-detection.ts), walking the table by id, and updated in
 * batches of 100 ids: bots to true, unchecked humans to false. Records stored without a user
 * agent (the minimal insert) are judged by their IP alone.
 */
import { and, asc, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { visitorAnalytics } from "~/db/schema/analytics";
import { isBotIp, isBotUserAgent } from "../ingest/bot-detection";
import { reasonOf } from "~/lib/errors";

/** SPEC §9 bot batch size. */
export const BOT_BATCH_SIZE = 100;
const READ_PAGE = 1_000;

export type BotIdentificationResult = {
  /** Records read (is_bot null or false). */
  checked: number;
  /** Set to true. */
  botsFound: number;
  /** Null records set to false. */
  humansConfirmed: number;
};

export type Progress = { checked: number; total: number };

/** True when a stored record is a bot's; a null user agent means "not recorded", not "empty". */
export function isBotRecord(userAgent: string | null, ip: string): boolean {
  return (userAgent !== null && isBotUserAgent(userAgent)) || isBotIp(ip);
}

/**
 * Re-checks unprocessed and human records. `onProgress` is called after each page of 1,000.
 * Throws "Failed to fetch unprocessed records" when reading fails, and "Error during bot
 * identification: {reason}" for any other failure (SPEC §8); batches already written stay.
 */
export async function identifyBots(db: Database, onProgress?: (p: Progress) => void): Promise<BotIdentificationResult> {
  const result: BotIdentificationResult = { checked: 0, botsFound: 0, humansConfirmed: 0 };
  const unchecked = sql`${visitorAnalytics.isBot} IS NOT TRUE`;
  let total: number;
  try {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(visitorAnalytics).where(unchecked);
    total = Number(row?.n ?? 0);
  } catch (error) {
    throw new Error("Failed to fetch unprocessed records", { cause: error });
  }
  let lastId = 0;
  try {
    for (;;) {
      let page: { id: number; userAgent: string | null; visitorIp: string; isBot: boolean | null }[];
      try {
        page = await db
          .select({ id: visitorAnalytics.id, userAgent: visitorAnalytics.userAgent, visitorIp: visitorAnalytics.visitorIp, isBot: visitorAnalytics.isBot })
          .from(visitorAnalytics)
          .where(and(unchecked, gt(visitorAnalytics.id, lastId)))
          .orderBy(asc(visitorAnalytics.id))
          .limit(READ_PAGE);
      } catch (error) {
        throw new Error("Failed to fetch unprocessed records", { cause: error });
      }
      if (page.length === 0) break;
      lastId = Number(page[page.length - 1]!.id);
      const bots: number[] = [];
      const humans: number[] = [];
      for (const r of page) {
        if (isBotRecord(r.userAgent, r.visitorIp)) bots.push(Number(r.id));
        else if (r.isBot === null) humans.push(Number(r.id));
      }
      for (let i = 0; i < bots.length; i += BOT_BATCH_SIZE) {
        await db.update(visitorAnalytics).set({ isBot: true }).where(inArray(visitorAnalytics.id, bots.slice(i, i + BOT_BATCH_SIZE)));
      }
      for (let i = 0; i < humans.length; i += BOT_BATCH_SIZE) {
        await db.update(visitorAnalytics).set({ isBot: false }).where(inArray(visitorAnalytics.id, humans.slice(i, i + BOT_BATCH_SIZE)));
      }
      result.checked += page.length;
      result.botsFound += bots.length;
      result.humansConfirmed += humans.length;
      onProgress?.({ checked: result.checked, total });
    }
  } catch (error) {
    if (error instanceof Error && error.message === "Failed to fetch unprocessed records") throw error;
    throw new Error(`Error during bot identification: ${reasonOf(error)}`, { cause: error });
  }
  return result;
}
