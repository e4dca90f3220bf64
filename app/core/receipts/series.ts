/**
 * Receipt series: fees and application fees count apart ("KVA/2026-27/000123",
 * "KVA/APP/2026-27/000001"); sample payments of development and tests use their own series so
 * they never take a number of the school's books.
 */
import { school } from "#content/school";

export const RECEIPT_SERIES = {
  fees: school.shortName,
  application: `${school.shortName}/APP`,
  sample: `${school.shortName}/TEST`,
} as const;
