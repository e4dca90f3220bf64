/**
 * The acknowledgement paginates like a printed document whatever the parent typed: with every
 * field at the longest the form accepts (and words too long for their column) no text runs into
 * other text or below the page, a detail never splits from its label, and the next step comes
 * whole at the end.
 */
import { describe, expect, it } from "vitest";
import { overlappingText, pdfTextBoxes } from "../../../tests/support/pdf";
import type { ApplicationWithSession } from "./applications.server";
import { acknowledgementPdf } from "./acknowledgement-pdf.server";

const long = (n: number, word = "Kharagpur") => Array.from({ length: Math.ceil(n / (word.length + 1)) }, () => word).join(" ").slice(0, n);

function application(fill: (max: number) => string): ApplicationWithSession {
  return {
    id: 1,
    publicId: "pub",
    number: "KVA/APP/2027-28/00042",
    sessionId: 1,
    sessionName: "2027-28",
    sequence: 42,
    status: "submitted",
    childName: fill(100),
    dateOfBirth: "2020-05-01",
    classApplied: "Class 1",
    parentName: fill(100),
    mobile: "9876543210",
    email: `${"a".repeat(60)}@example.com`,
    details: {
      gender: "Female", nationality: fill(50), motherTongue: fill(50), bloodGroup: "B+", aadhaar: "234567890123", category: "General", siblingAdmissionNumber: fill(40),
      fatherName: fill(100), fatherOccupation: fill(100), fatherMobile: "9876543211", fatherEmail: `${"f".repeat(60)}@example.com`,
      motherName: fill(100), motherOccupation: fill(100), motherMobile: "9876543212", motherEmail: `${"m".repeat(60)}@example.com`,
      guardianName: fill(100), guardianRelation: fill(50), address: fill(300), city: fill(60), state: "West Bengal", pinCode: "721301", previousSchool: fill(150), lastClassPassed: fill(100),
    },
    birthCertificateLater: true,
    feePaise: 500_00,
    consentAt: new Date("2026-12-01T05:00:00Z"),
    createdAt: new Date("2026-12-01T05:00:00Z"),
    submittedAt: new Date("2026-12-01T05:05:00Z"),
    updatedAt: new Date("2026-12-01T05:05:00Z"),
  } as ApplicationWithSession;
}

describe("acknowledgement PDF pagination", () => {
  for (const [name, fill] of [["every field at its longest", (n: number) => long(n)], ["words longer than their column", (n: number) => "W".repeat(n)]] as const) {
    it(`${name}: nothing overlaps or leaves the page, each detail beside its label, the next step whole`, async () => {
      const pdf = await acknowledgementPdf({ application: application(fill), photo: null, receiptNumber: "KVA/APP/2027-28/000042", paymentReference: "PAY-1", siteUrl: "https://www.kva-school.example" });
      const { pages, height, boxes } = await pdfTextBoxes(pdf);
      expect(pages).toBeLessThanOrEqual(3);
      expect(overlappingText(boxes)).toEqual([]);
      for (const b of boxes) expect(b.bottom, `"${b.str}" on page ${b.page}`).toBeLessThanOrEqual(height);
      const pageOf = (s: string) => boxes.find((b) => b.str.startsWith(s))?.page;
      expect(pageOf("Previous school")).toBeDefined();
      const nextStep = pageOf("Next step")!;
      expect(pageOf("Keep this acknowledgement")).toBe(nextStep);
      if (pages > 1) expect(boxes.filter((b) => /page \d+ of \d+/.test(b.str)).length).toBe(pages);
    });
  }
});
