import { describe, expect, it } from "vitest";
import { jobIntentSchema, parseExportTable, parseRangeParam } from "./schema";

const params = (query: string) => new URLSearchParams(query);

describe("dashboard inputs", () => {
  it("reads every SPEC range and falls back to 30days for anything else", () => {
    for (const range of ["today", "yesterday", "7days", "30days", "90days", "year"]) expect(parseRangeParam(params(`range=${range}`))).toBe(range);
    expect(parseRangeParam(params(""))).toBe("30days");
    expect(parseRangeParam(params("range=forever"))).toBe("30days");
    expect(parseRangeParam(params("range=7days&range=year"))).toBe("7days");
  });

  it("accepts only the dashboard's tables for export", () => {
    expect(parseExportTable(params("table=daily"))).toBe("daily");
    expect(parseExportTable(params("table=repeat"))).toBe("repeat");
    expect(parseExportTable(params("table=users"))).toBeNull();
    expect(parseExportTable(params(""))).toBeNull();
  });

  it("accepts only the two maintenance jobs", () => {
    expect(jobIntentSchema.safeParse({ intent: "identify-bots" }).success).toBe(true);
    expect(jobIntentSchema.safeParse({ intent: "drop-table" }).success).toBe(false);
  });
});
