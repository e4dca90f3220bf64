/**
 * Every public route of SPEC §2 with its title and one-line description, and `parent` (the path
 * of the breadcrumb above it; Home when absent). Routes whose full page is still being built
 * render these as a plain "being prepared" page.
 *
 * For a route with a content page (content/pages/<name>.md) `title` (also the <h1> unless the
 * page says otherwise), `description` (the meta description, about 120–160 characters),
 * `keywords` and `updated` (the day of the last change) are the first copy only: on the first
 * start they are copied into the database with the page (published on `updated`), and the
 * site reads the published page from then on (edited at /admin/content). Routes without one
 * (apply, payments) keep their title and description here.
 */
import { formatAddress, school } from "./school";

export type PageEntry = { path: string; title: string; description: string; keywords?: string[]; parent?: string; updated?: string };

/** lastmod in the sitemap for pages that give no `updated` date. */
export const PAGES_UPDATED = "2026-11-21";

export const pages: PageEntry[] = [
  { path: "/overview", title: "Overview", description: `${school.name} is a co-educational, English-medium CBSE school at Sadatpur, ${school.address.locality}, teaching Nursery to Class XII since ${school.foundingYear}.`, keywords: ["CBSE school Kharagpur", "English medium school Kharagpur", `about ${school.name}`, "co-educational school Paschim Medinipur"], updated: "2026-11-21" },
  { path: "/vision", title: "Vision & Mission", description: `The vision, mission and values that guide teaching at ${school.name}, a CBSE school in Kharagpur, from Nursery to Class XII.`, keywords: ["school vision and mission", "CBSE school values", `${school.name} mission`], parent: "/overview", updated: "2026-11-21" },
  { path: "/chairman", title: "Chairman's Message", description: `A message from the Chairman of ${school.name} on why the school was founded in Kharagpur in ${school.foundingYear} and what it promises every family.`, keywords: ["chairman message", `${school.name} chairman`, "school management Kharagpur"], parent: "/overview", updated: "2026-11-21" },
  { path: "/director", title: "Director's Message", description: `A message from the Director of ${school.name} on teaching, teachers and the growth of every child from Nursery to Class XII.`, keywords: ["director message", `${school.name} director`, "school leadership"], parent: "/overview", updated: "2026-11-21" },
  { path: "/principal", title: "Principal's Message", description: `A message from the Principal of ${school.name} on learning, CBSE board preparation and the partnership between school and home.`, keywords: ["principal message", `${school.name} principal`, "CBSE school principal Kharagpur"], parent: "/overview", updated: "2026-11-21" },
  { path: "/secretary", title: "Secretary's Message", description: `A message from the Secretary of ${school.name} on safety, transparency and the everyday running of the school for parents.`, keywords: ["secretary message", "school administration Kharagpur", `${school.name} secretary`], parent: "/overview", updated: "2026-11-21" },
  { path: "/difference", title: "What Makes Us Different", description: `Why families in Kharagpur choose ${school.name}: small sections, teachers who stay, activity-based CBSE learning and a safe, green campus.`, keywords: ["best CBSE school Kharagpur", `why choose ${school.name}`, "small class size school Kharagpur"], updated: "2026-11-21" },
  { path: "/facilities", title: "Facilities", description: `Classrooms, science and computer labs, library, playground, music and art rooms, school buses and CCTV-monitored safety at ${school.name}.`, keywords: ["school facilities Kharagpur", "science lab", "school bus Kharagpur", "school library", "sports ground"], parent: "/difference", updated: "2026-11-21" },
  { path: "/achievements", title: "Achievements", description: `CBSE board results, olympiads, sports and cultural achievements of ${school.name} students in Kharagpur, West Bengal.`, keywords: ["CBSE results Kharagpur", "school achievements", "olympiad", "inter-school sports"], parent: "/difference", updated: "2026-11-21" },
  { path: "/inspire", title: "Inspire", description: `How ${school.name} inspires curiosity: story-based early years, a reading culture, science exhibitions and visits around Kharagpur.`, keywords: ["inspire curiosity", "reading programme", "activity based learning Kharagpur"], updated: "2026-11-21" },
  { path: "/empower", title: "Empower", description: `How ${school.name} empowers students with skills and confidence: coding, public speaking, leadership roles, life skills and sport.`, keywords: ["life skills", "student leadership", "coding for children Kharagpur"], updated: "2026-11-21" },
  { path: "/transform", title: "Transform", description: `How learning at ${school.name} transforms students and their community: values, service, environment clubs and the arts.`, keywords: ["value education", "community service students", "eco club Kharagpur"], updated: "2026-11-21" },
  { path: "/achieve", title: "Achieve", description: `What students of ${school.name} achieve: strong CBSE results, entrance-exam readiness and confident young people ready for college.`, keywords: ["CBSE board results", "JEE NEET preparation school", "career counselling Kharagpur"], updated: "2026-11-21" },
  { path: "/admissions-overview", title: "Admissions Overview", description: `How admission to ${school.name} works, from enquiry and application to interaction and the first day, for Nursery to Class IX and XI.`, keywords: ["school admission Kharagpur", "CBSE admission 2027-28", "nursery admission Kharagpur", "Class XI admission"], updated: "2026-11-21" },
  { path: "/guidelines", title: "Admission Guidelines", description: `Documents, eligibility, age criteria, transfer certificates and the steps of admission at ${school.name}, a CBSE school in Kharagpur.`, keywords: ["admission guidelines", "documents for school admission", "transfer certificate CBSE", "admission eligibility"], parent: "/admissions-overview", updated: "2026-11-21" },
  { path: "/fee", title: "Fee Structure & Age Criteria", description: `Fee structure for Nursery to Class XII at ${school.name}, with admission, tuition and annual charges in rupees, and the age criteria per NEP 2020.`, keywords: ["school fee structure Kharagpur", "CBSE school fees", "nursery age criteria", "Class 1 age 6 years"], parent: "/admissions-overview", updated: "2026-11-27" },
  { path: "/apply", title: "Apply Now", description: `Apply online for admission to ${school.name}, Kharagpur, and pay the application fee.` },
  { path: "/curriculum", title: "Curriculum", description: `The CBSE curriculum at ${school.name} from Nursery to Class XII: NEP 2020 stages, subjects, languages, and Science, Commerce and Humanities streams.`, keywords: ["CBSE curriculum", "Class XI streams", "NEP 2020 foundational stage", "Science Commerce Humanities Kharagpur"], updated: "2026-11-21" },
  { path: "/faculty", title: "Faculty", description: `Teachers and co-ordinators of ${school.name}: qualified PGTs, TGTs and PRTs, a special educator and a counsellor, trained every year.`, keywords: ["school teachers Kharagpur", "CBSE faculty", "PGT TGT PRT"], parent: "/curriculum", updated: "2026-11-21" },
  { path: "/openings", title: "Current Openings", description: `Teaching and non-teaching jobs at ${school.name}, a CBSE school in Kharagpur: role, subject, qualification, how to apply and closing date.`, keywords: ["teacher jobs Kharagpur", "CBSE school vacancy", "PGT TGT vacancy West Bengal"], updated: "2026-11-21" },
  { path: "/gallery", title: "Gallery", description: `Pictures of school life at ${school.name}: Annual Day, Sports Meet, science exhibition, festivals and our campus in Kharagpur.`, keywords: ["school gallery", "annual day photos", "school campus Kharagpur"], updated: "2026-11-21" },
  { path: "/contact", title: "Contact Us", description: `Address, phone numbers, e-mail, office hours, map and WhatsApp for ${school.name}, ${formatAddress()}.`, keywords: [`contact ${school.name}`, "school address Kharagpur", "school phone number"], updated: "2026-11-21" },
  { path: "/mandatory-disclosure", title: "Mandatory Public Disclosure", description: `CBSE mandatory public disclosure of ${school.name} per Appendix IX of the Affiliation Bye-Laws: documents, results, staff and infrastructure.`, keywords: ["CBSE mandatory public disclosure", "Appendix IX", "affiliation details", "school infrastructure"], updated: "2026-11-21" },
  { path: "/school-brochure", title: "School Brochure", description: `Download the ${school.name} brochure (PDF): the school at a glance, classes and streams, facilities, fees and how to apply.`, keywords: ["school brochure PDF", "prospectus Kharagpur school", `${school.name} brochure`], updated: "2026-11-21" },
  { path: "/app-privacy-policy", title: "App Privacy Policy", description: `Privacy policy of the ${school.name} parent app: what data it keeps, why, for how long, and your rights under India's DPDP Act 2023.`, keywords: ["app privacy policy", "school app data", "DPDP Act 2023"], updated: "2026-11-21" },
  { path: "/news/cbse-results-2024", title: "CBSE Results 2024", description: "Our Class X and Class XII CBSE results for 2024." },
  { path: "/payment-portal", title: "Payment Portal", description: "Pay school fees online." },
  { path: "/fees", title: "Fee Payment", description: "Pay school fees online." },
  { path: "/fee-payment", title: "Fee Payment", description: "Pay school fees online." },
  { path: "/bus-fee-payment", title: "Bus Fee Payment", description: "Pay school bus fees online." },
  { path: "/receipt-download", title: "Receipt Download", description: "Download a receipt for a fee payment." },
  { path: "/student-payment", title: "Payment Status", description: "The result of your payment." },
  { path: "/mock-payment", title: "Test Payment", description: "A test payment page used when no payment gateway is set up." },
  { path: "/icici-debug", title: "Payment Debug", description: "Payment gateway diagnostics for the administrator." },
  { path: "/school-in-kharagpur", title: "Best CBSE School in Kharagpur", description: `Looking for the best CBSE school in Kharagpur? ${school.name}: Nursery to Class XII, ${school.figures.cbseResults} CBSE results, ${school.figures.parentRating} parent rating, buses across Kharagpur.`, keywords: ["best school in Kharagpur", "CBSE school near me Kharagpur", "top schools Kharagpur", "English medium school Kharagpur", "school near IIT Kharagpur"], updated: "2026-11-21" },
];

/** The entry for an exact path, or undefined. */
export function pageFor(path: string): PageEntry | undefined {
  return pages.find((p) => p.path === path);
}
