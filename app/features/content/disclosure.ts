/**
 * The CBSE mandatory public disclosure (Affiliation Bye-Laws 2018, Appendix IX) shaped for the
 * page: sections A to E with pass percentages and the teacher–section ratio computed from
 * content/mandatory-disclosure.ts.
 */
import { disclosure, type ResultRow } from "#content/mandatory-disclosure";
import { formatAddress } from "#content/school";
import { formatDisplayDate } from "~/lib/dates";

/** Pass percentage with two decimals, e.g. 100.00; 0 registered gives "–". */
export function passPercentage(row: Pick<ResultRow, "registered" | "passed">): string {
  if (row.registered <= 0) return "–";
  if (row.passed > row.registered || row.passed < 0) throw new RangeError(`passed ${row.passed} out of ${row.registered}`);
  return ((row.passed / row.registered) * 100).toFixed(2);
}

/** Teachers per section, e.g. 46 teachers and 30 sections → "1.53 : 1" (CBSE asks for at least 1.5 : 1). */
export function teacherSectionRatio(teachers: number, sections: number): string {
  if (sections <= 0) throw new RangeError("no sections");
  return `${(teachers / sections).toFixed(2)} : 1`;
}

export type Row = { label: string; value: string; href?: string; sample?: boolean };

/** Everything /mandatory-disclosure shows, in Appendix IX order (plain, serialisable data). */
export function disclosureView() {
  const g = disclosure.general;
  const { teachers, sections } = disclosure.staff;
  const totalTeachers = teachers.pgt + teachers.tgt + teachers.prt;
  const infra = disclosure.infrastructure;
  const results = (rows: readonly ResultRow[]) =>
    rows.map((r) => ({ year: r.year, registered: r.registered, passed: r.passed, percentage: passPercentage(r), remarks: r.remarks ?? "" }));
  return {
    updatedLabel: formatDisplayDate(disclosure.updated),
    general: [
      { label: "Name of the school", value: g.name },
      { label: "Affiliation No.", value: g.affiliationNo },
      { label: "School code", value: g.schoolCode },
      { label: "Complete address with PIN code", value: formatAddress() },
      { label: "Principal name", value: g.principal.name },
      { label: "Principal qualification", value: g.principal.qualification },
      { label: "School e-mail ID", value: g.email, href: `mailto:${g.email}` },
      { label: "Contact details (landline/mobile)", value: g.phones.join(", ") },
    ] satisfies Row[],
    documents: disclosure.documents.map((d) => ({ label: d.label, href: d.href, sample: d.sample ?? false })),
    academics: [
      { label: disclosure.academics.feeStructure.label, value: "View the fee structure", href: disclosure.academics.feeStructure.href },
      { label: disclosure.academics.academicCalendar.label, value: "View the academic calendar", href: disclosure.academics.academicCalendar.href, sample: disclosure.academics.academicCalendar.sample },
      { label: "List of School Management Committee (SMC)", value: "See the list below", href: "#smc" },
      { label: "List of Parents Teachers Association (PTA) members", value: "See the list below", href: "#pta" },
      { label: "Last three-year result of the board examination", value: "See the tables below", href: "#results" },
    ] satisfies Row[],
    smc: disclosure.academics.smc,
    pta: disclosure.academics.pta,
    resultsX: results(disclosure.academics.results.x),
    resultsXII: results(disclosure.academics.results.xii),
    staff: [
      { label: "Principal", value: disclosure.staff.principal },
      { label: "Total no. of teachers", value: String(totalTeachers) },
      { label: "PGT", value: String(teachers.pgt) },
      { label: "TGT", value: String(teachers.tgt) },
      { label: "PRT", value: String(teachers.prt) },
      { label: "Teachers section ratio", value: teacherSectionRatio(totalTeachers, sections) },
      { label: "Details of special educator", value: disclosure.staff.specialEducator },
      { label: "Details of counsellor and wellness teacher", value: disclosure.staff.counsellor },
    ] satisfies Row[],
    infrastructure: [
      { label: "Total campus area of the school (in square metres)", value: infra.campusAreaSqM.toLocaleString("en-IN") },
      { label: "No. and size of the classrooms (in square metres)", value: `${infra.classrooms.count} rooms, ${infra.classrooms.areaSqM} m² each` },
      { label: "No. and size of laboratories including computer labs (in square metres)", value: infra.labs.map((l) => `${l.name}: ${l.count} × ${l.areaSqM} m²`).join("; ") },
      { label: "Internet facility (Y/N)", value: infra.internet ? "Yes" : "No" },
      { label: "No. of girls toilets", value: String(infra.girlsToilets) },
      { label: "No. of boys toilets", value: String(infra.boysToilets) },
      { label: "Link of YouTube video of the inspection of school covering the infrastructure of the school", value: infra.inspectionVideo.title, href: infra.inspectionVideo.url, sample: infra.inspectionVideo.sample },
    ] satisfies Row[],
    video: infra.inspectionVideo,
  };
}

export type DisclosureView = ReturnType<typeof disclosureView>;
