import { describe, expect, it } from "vitest";
import { auditCsv, AUDIT_CSV_HEADER } from "./csv";
import { auditSearch, parseAuditQuery } from "./list-query";
import { auditRowView, changeLine, changesOf, fieldLabel, valueText } from "./view";

describe("how an audit row reads", () => {
  it("names fields plainly and shows amounts in rupees, lists joined, instants in IST and none as —", () => {
    expect(fieldLabel("paidAmountPaise")).toBe("paid amount");
    expect(fieldLabel("smsTemplateIds.payment_received")).toBe("sms template ids › payment received");
    expect(fieldLabel("fee: Class 1 / Tuition Fee")).toBe("fee: Class 1 / Tuition Fee");
    expect(valueText("amountPaise", 1_50_000_50)).toBe("₹1,50,000.50");
    expect(valueText("months", ["April 2026", "May 2026"])).toBe("April 2026, May 2026");
    expect(valueText("off", [])).toBe("none");
    expect(valueText("isOpen", false)).toBe("no");
    expect(valueText("at", "2026-11-21T09:35:00.000Z")).toBe("21 Nov 2026, 3:05 PM");
    expect(valueText("note", null)).toBe("—");
    const cut = valueText("admissionNumbers", Array.from({ length: 100 }, (_, i) => `2026/${i}`), 30);
    expect(cut).toHaveLength(30);
    expect(cut).toMatch(/^2026\/0, 2026\/1, .+…$/);
  });

  it("lists each field before → after; a creation shows what was made", () => {
    // Status first, then by name: the database does not keep a JSON object's key order.
    expect(changesOf({ reason: null, status: "issued" }, { reason: "Cheque bounced", status: "cancelled" })).toEqual([
      { field: "status", before: "issued", after: "cancelled" },
      { field: "reason", before: "—", after: "Cheque bounced" },
    ]);
    const made = changesOf(null, { mode: "cash", amountPaise: 1_500_00, instrument: null });
    expect(made).toEqual([
      { field: "amount", before: null, after: "₹1,500" },
      { field: "mode", before: null, after: "cash" },
    ]);
    expect(made.map(changeLine)).toEqual(["amount: ₹1,500", "mode: cash"]);
    expect(changesOf({ reminders: "stopped (office)" }, null).map(changeLine)).toEqual(["reminders: stopped (office) → —"]);
    const view = auditRowView({ id: 7, at: new Date("2026-04-02T04:30:00Z"), actorEmail: "accounts@school.in", ip: "203.0.113.7", action: "receipt.cancel", entity: "receipt", entityId: "KVA/2026-27/000042", before: { status: "issued" }, after: { status: "cancelled" } });
    expect(view).toEqual({ id: 7, time: "2 Apr 2026, 10:00 AM", who: "accounts@school.in", address: "203.0.113.7", action: "receipt.cancel", what: "receipt KVA/2026-27/000042", changes: [{ field: "status", before: "issued", after: "cancelled" }] });
  });

  it("exports the same rows as CSV with the changes and the JSON, formula-safe", () => {
    const csv = auditCsv([{ id: 1, at: new Date("2026-04-02T04:30:00Z"), actorEmail: "=cmd@evil.test", ip: null, action: "fee_book.update", entity: "fee_book", entityId: "2026-27", before: { "due day": 10 }, after: { "due day": 12 } }]);
    const [header, line] = csv.slice(1).trimEnd().split("\r\n");
    expect(header).toBe(AUDIT_CSV_HEADER.join(","));
    expect(line).toBe(`"2 Apr 2026, 10:00 AM",2026-04-02T04:30:00.000Z,'=cmd@evil.test,,fee_book.update,fee_book,2026-27,due day: 10 → 12,"{""due day"":10}","{""due day"":12}"`);
  });
});

describe("the audit log's query", () => {
  it("keeps what is valid, drops the rest, puts a reversed range in order, and round-trips", () => {
    const { filters, page } = parseAuditQuery(new URLSearchParams("who=Accounts@School.in&action=receipt.cancel&q=KVA%2F2026&from=2026-05-31&to=2026-04-01&page=3"));
    expect(filters).toEqual({ who: "accounts@school.in", action: "receipt.cancel", q: "KVA/2026", from: "2026-04-01", to: "2026-05-31" });
    expect(page).toBe(3);
    expect(parseAuditQuery(new URLSearchParams(auditSearch(filters, 3).slice(1)))).toEqual({ filters, page: 3 });
    expect(parseAuditQuery(new URLSearchParams("action=DROP TABLE&from=2026-02-30&q=%00x&page=-1"))).toEqual({ filters: {}, page: 1 });
    expect(auditSearch({})).toBe("");
  });
});
