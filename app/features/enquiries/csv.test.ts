import { describe, expect, it } from "vitest";
import { enquiriesCsv } from "./csv";

describe("enquiriesCsv", () => {
  it("starts with a UTF-8 BOM and a header, one CRLF row per enquiry, times in IST", () => {
    const csv = enquiriesCsv([
      { id: 7, createdAt: new Date("2026-11-21T09:35:00Z"), name: "অনন্যা Ghosh", phone: "9876543210", class: "LKG", email: null, status: "new", sourcePage: "/contact", note: null, contactedAt: null },
    ]);
    expect(csv.startsWith("\uFEFFID,Received (IST),Name,Phone,Class,Email,Status,Page,Note,Contacted (IST)\r\n")).toBe(true);
    expect(csv.split("\r\n")).toHaveLength(3);
    expect(csv).toContain('7,"21 Nov 2026, 3:05 PM",অনন্যা Ghosh,9876543210,LKG,,new,/contact,,\r\n');
  });
});
