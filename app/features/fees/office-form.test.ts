import { describe, expect, it } from "vitest";
import { parseOfficeForm } from "./office-form";

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) f.append(k, x);
  return f;
};

describe("the office counter's form", () => {
  it("takes cash with the months chosen", () => {
    expect(parseOfficeForm(form({ mode: "cash", purpose: "bus", month: ["2026-04", "2026-05"] }))).toEqual({ ok: true, value: { purpose: "bus", months: ["2026-04", "2026-05"], mode: "cash", instrument: null, bankReference: null } });
  });
  it("needs a cheque's number, bank and date, and a transfer's UTR", () => {
    expect(parseOfficeForm(form({ mode: "cheque", instrumentNumber: "12345", bank: "SBI", instrumentDate: "2026-04-12" }))).toMatchObject({ ok: false });
    expect(parseOfficeForm(form({ mode: "dd", instrumentNumber: "004512", bank: "State Bank of India", instrumentDate: "2026-04-12" }))).toMatchObject({ ok: true, value: { instrument: "No. 004512, State Bank of India, 12 Apr 2026" } });
    expect(parseOfficeForm(form({ mode: "upi", utr: "short" }))).toMatchObject({ ok: false });
    expect(parseOfficeForm(form({ mode: "neft", utr: "sbin123456789012" }))).toMatchObject({ ok: true, value: { bankReference: "SBIN123456789012" } });
    expect(parseOfficeForm(form({ mode: "bitcoin" }))).toMatchObject({ ok: false });
  });
});
