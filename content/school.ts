/**
 * School facts: the one module the school edits for its name, numbers, addresses and links
 * (DESIGN.md §4). Components and page metadata read from here; nothing else hard-codes them.
 *
 * SAMPLE VALUES: the affiliation number, school code, phone numbers, e-mail addresses, social
 * and app-store links below are placeholders (".example" domains, 90000 numbers). Replace
 * every value marked `SAMPLE` before going live.
 */
export type Phone = { label: string; display: string; /** E.164, for tel: links */ e164: string };

export const school = {
  name: "Kharagpur Vidya Academy",
  shortName: "KVA",
  tagline: "A CBSE school in Kharagpur, Nursery to Class XII",
  board: "CBSE",
  /** SAMPLE: CBSE affiliation number shown in the header. */
  affiliationNo: "2430000",
  /** SAMPLE: CBSE school code shown in the header. */
  schoolCode: "10000",
  foundingYear: 2017,
  staffCount: 50,
  classes: "Nursery to Class XII",
  address: {
    street: "NH-16 (Kolkata–Mumbai Highway), Sadatpur",
    locality: "Kharagpur",
    district: "Paschim Medinipur",
    region: "West Bengal",
    postalCode: "721301",
    country: "IN",
    /** Approximate coordinates of Sadatpur, Kharagpur (SAMPLE: set the campus gate). */
    geo: { latitude: 22.3302, longitude: 87.2557 },
  },
  /** SAMPLE phone numbers (SPEC §2 footer shows two). */
  phones: [
    { label: "Admissions", display: "+91 90000 00001", e164: "+919000000001" },
    { label: "School office", display: "+91 90000 00002", e164: "+919000000002" },
  ],
  /** SAMPLE e-mail addresses (SPEC §2 footer shows two). */
  emails: ["info@kva-school.example", "admissions@kva-school.example"],
  hours: { days: "Mon-Sat", open: "8:00 AM", close: "2:00 PM", opens: "08:00", closes: "14:00" },
  /** SAMPLE social links. */
  social: {
    facebook: "https://www.facebook.com/kva.school.example",
    instagram: "https://www.instagram.com/kva.school.example",
    youtube: "https://www.youtube.com/@kva.school.example",
    /** wa.me link with the admissions number. */
    whatsapp: "https://wa.me/919000000001",
  },
  /** SAMPLE app-store links for the school's parent app. */
  apps: {
    googlePlay: "https://play.google.com/store/apps/details?id=example.kva.school",
    appStore: "https://apps.apple.com/in/app/kva-school-example/id0000000000",
  },
  /** Marketing figures of the local landing page (SPEC §1). */
  figures: {
    students: "2000+",
    cbseResults: "100%",
    parentRating: 4.9,
    rank: "#1",
    years: "7+",
  },
} as const;

export type School = typeof school;

/**
 * The classes the school teaches, youngest first: Nursery, LKG, UKG, Class 1 … Class 12, named
 * as every form, list and the roll names them (SPEC §3 class options). Order matters: it is the
 * order of every class menu and of the roll.
 */
export const SCHOOL_CLASSES = ["Nursery", "LKG", "UKG", ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`)] as const;

export type SchoolClass = (typeof SCHOOL_CLASSES)[number];

/** "Sadatpur, Kharagpur, 721301 West Bengal"-style one-line address (SPEC §2 footer). */
export function formatAddress(a = school.address): string {
  return `${a.street}, ${a.locality}, ${a.postalCode} ${a.region}`;
}
