/**
 * CBSE Mandatory Public Disclosure (Affiliation Bye-Laws 2018, Appendix IX, in the format of
 * CBSE's circular of 2021): the one file the school edits for /mandatory-disclosure. The
 * faculty and achievements pages read their staff counts and board results from here too.
 *
 * SAMPLE DATA: every name, number, date and document below is a placeholder for the school to
 * replace before going live. Documents marked `sample: true` link to generated placeholder PDFs
 * that say so; put the school's self-attested scans in public/documents/ and set `href` to
 * e.g. "/documents/affiliation-letter.pdf" (and drop `sample`).
 */
import { school } from "./school";

export type DisclosureDocument = {
  /** Item text as in Appendix IX, section B. */
  label: string;
  /** Link to the document: a file under public/documents/ or an absolute URL. */
  href: string;
  /** True while the link points at a generated placeholder, not the school's document. */
  sample?: boolean;
};

export type ResultRow = {
  /** Year of the board examination, e.g. 2024. */
  year: number;
  registered: number;
  passed: number;
  remarks?: string;
};

export type Member = { name: string; designation: string };

export type Room = { name: string; count: number; /** size of each, m² */ areaSqM: number };

/** Placeholder PDF generated for a document the school has not uploaded yet. */
function samplePdf(file: string): string {
  return `/documents/samples/${file}.pdf`;
}

export const disclosure = {
  /** ISO date the school last reviewed this disclosure (shown on the page). */
  updated: "2026-11-21",

  general: {
    name: school.name,
    affiliationNo: school.affiliationNo,
    schoolCode: school.schoolCode,
    /** SAMPLE */
    principal: { name: "Mr. Debashis Sample", qualification: "M.Sc. (Physics), B.Ed." },
    email: school.emails[0],
    phones: school.phones.map((p) => p.display),
  },

  documents: [
    { label: "Copies of affiliation/upgradation letter and recent extension of affiliation, if any", href: samplePdf("affiliation-letter"), sample: true },
    { label: "Copies of societies/trust/company registration/renewal certificate, as applicable", href: samplePdf("trust-registration"), sample: true },
    { label: "Copy of no objection certificate (NOC) issued, if applicable, by the State Govt./UT", href: samplePdf("state-noc"), sample: true },
    { label: "Copies of recognition certificate under RTE Act, 2009, and its renewal if applicable", href: samplePdf("rte-recognition"), sample: true },
    { label: "Copy of valid building safety certificate as per the National Building Code", href: samplePdf("building-safety"), sample: true },
    { label: "Copy of valid fire safety certificate issued by the competent authority", href: samplePdf("fire-safety"), sample: true },
    { label: "Copy of the DEO certificate submitted by the school for affiliation/upgradation/extension of affiliation or self certification by school", href: samplePdf("deo-certificate"), sample: true },
    { label: "Copies of valid water, health and sanitation certificates", href: samplePdf("water-health-sanitation"), sample: true },
  ] satisfies DisclosureDocument[],

  academics: {
    /** Section C: fee structure and calendar are pages of this site; SMC and PTA lists below. */
    feeStructure: { label: "Fee structure of the school", href: "/fee" },
    academicCalendar: { label: "Annual academic calendar", href: samplePdf("academic-calendar"), sample: true },
    /** SAMPLE members of the School Management Committee (CBSE Bye-Laws 2018, chapter 10). */
    smc: [
      { name: "Shri Ashok Sample", designation: "Chairperson (nominee of the Trust)" },
      { name: "Mr. Debashis Sample", designation: "Member Secretary (Principal)" },
      { name: "Dr. Mitali Sample", designation: "Member (nominee of the Trust)" },
      { name: "Mrs. Ruma Sample", designation: "Member (nominee of the Trust)" },
      { name: "Dr. Partha Sample", designation: "Member (educationist, nominated by CBSE norms)" },
      { name: "Mrs. Sunita Sample", designation: "Member (parent representative)" },
      { name: "Mr. Imran Sample", designation: "Member (parent representative)" },
      { name: "Mrs. Anjali Sample", designation: "Member (teacher representative)" },
      { name: "Mr. Soumen Sample", designation: "Member (teacher representative)" },
    ] satisfies Member[],
    /** SAMPLE office bearers of the Parent Teacher Association. */
    pta: [
      { name: "Mr. Debashis Sample", designation: "President (Principal)" },
      { name: "Mrs. Nabanita Sample", designation: "Vice-President (parent)" },
      { name: "Mrs. Anjali Sample", designation: "Secretary (teacher)" },
      { name: "Mr. Rakesh Sample", designation: "Joint Secretary (parent)" },
      { name: "Mr. Soumen Sample", designation: "Treasurer (teacher)" },
      { name: "Mrs. Farida Sample", designation: "Member (parent, Primary)" },
      { name: "Mr. Tapas Sample", designation: "Member (parent, Secondary)" },
    ] satisfies Member[],
    /** SAMPLE board results, newest first: the last three years of Class X and Class XII. */
    results: {
      x: [
        { year: 2024, registered: 62, passed: 62 },
        { year: 2023, registered: 55, passed: 55 },
        { year: 2022, registered: 48, passed: 48 },
      ] satisfies ResultRow[],
      xii: [
        { year: 2024, registered: 41, passed: 41 },
        { year: 2023, registered: 36, passed: 36 },
        { year: 2022, registered: 29, passed: 29, remarks: "First Class XII batch" },
      ] satisfies ResultRow[],
    },
  },

  /** Section D, SAMPLE counts. */
  staff: {
    principal: "1",
    teachers: { pgt: 12, tgt: 16, prt: 18 },
    /** Sections across all classes, for the teacher–section ratio. */
    sections: 30,
    specialEducator: "1 (trained in inclusive education; RCI-registered)",
    counsellor: "1 full-time counsellor and wellness teacher (M.A. Psychology)",
  },

  /** Section E, SAMPLE figures. */
  infrastructure: {
    campusAreaSqM: 12_140,
    classrooms: { count: 36, areaSqM: 50 },
    labs: [
      { name: "Physics laboratory", count: 1, areaSqM: 72 },
      { name: "Chemistry laboratory", count: 1, areaSqM: 72 },
      { name: "Biology laboratory", count: 1, areaSqM: 72 },
      { name: "Composite science laboratory (Classes IX–X)", count: 1, areaSqM: 65 },
      { name: "Mathematics laboratory", count: 1, areaSqM: 50 },
      { name: "Computer laboratory", count: 2, areaSqM: 70 },
    ] satisfies Room[],
    internet: true,
    girlsToilets: 14,
    boysToilets: 14,
    /** SAMPLE: the YouTube video of the school's inspection covering its infrastructure. */
    inspectionVideo: {
      title: `Infrastructure of ${school.name} (inspection video)`,
      url: "https://www.youtube.com/watch?v=SAMPLE00000",
      uploadDate: "2026-06-15",
      duration: "PT6M30S",
      sample: true,
    },
  },
} as const;

/** File names (without .pdf) of the placeholder documents the build generates. */
export function sampleDocumentFiles(): string[] {
  const hrefs = [...disclosure.documents, disclosure.academics.academicCalendar].filter((d) => "sample" in d && d.sample).map((d) => d.href);
  return hrefs.map((h) => h.replace(/^\/documents\/samples\//, "").replace(/\.pdf$/, ""));
}
