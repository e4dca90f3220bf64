/**
 * The dashboard's inputs, validated with zod on the server: the range in the URL
 * (anything unknown is the default, 30days: a bad link still opens the dashboard), the table
 * to export, and the maintenance job to start.
 */
import { z } from "zod";
import { DATE_RANGES, DEFAULT_RANGE, type DateRange } from "../figures/ranges";
import { JOB_KINDS } from "../maintenance/job-kinds";
import { TABLE_IDS, type TableId } from "./tables";

const rangeSchema = z.enum(DATE_RANGES).catch(DEFAULT_RANGE);

/** The ?range= of a dashboard URL; never throws. */
export function parseRangeParam(params: URLSearchParams): DateRange {
  return rangeSchema.parse(params.get("range") ?? undefined);
}

const exportSchema = z.object({ table: z.enum(TABLE_IDS as [TableId, ...TableId[]]) });

/** The table of an export URL, or null when it names none of the dashboard's tables. */
export function parseExportTable(params: URLSearchParams): TableId | null {
  const parsed = exportSchema.safeParse({ table: params.get("table") ?? undefined });
  return parsed.success ? parsed.data.table : null;
}

export const jobIntentSchema = z.object({ intent: z.enum(JOB_KINDS) });
