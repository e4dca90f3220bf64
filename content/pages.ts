/**
 * Every public route of SPEC §2 with its title and one-line description. Routes whose full
 * page is still being built render these as a plain "being prepared" page.
 */
export type PageEntry = { path: string; title: string; description: string };

export const pages: PageEntry[] = [
  { path: "/overview", title: "Overview", description: "Who we are: a co-educational, English-medium CBSE school in Kharagpur since 2017." },
  { path: "/vision", title: "Vision & Mission", description: "The vision and mission that guide our teaching from Nursery to Class XII." },
  { path: "/chairman", title: "Chairman's Message", description: "A message from the Chairman of the school." },
  { path: "/director", title: "Director's Message", description: "A message from the Director of the school." },
  { path: "/principal", title: "Principal's Message", description: "A message from the Principal of the school." },
  { path: "/secretary", title: "Secretary's Message", description: "A message from the Secretary of the school." },
  { path: "/difference", title: "What Makes Us Different", description: "Why families in Kharagpur choose our school." },
  { path: "/facilities", title: "Facilities", description: "Classrooms, laboratories, library, sports and transport." },
  { path: "/achievements", title: "Achievements", description: "Board results, competitions and student achievements." },
  { path: "/inspire", title: "Inspire", description: "How we inspire curiosity and a love of learning." },
  { path: "/empower", title: "Empower", description: "How we empower students with skills and confidence." },
  { path: "/transform", title: "Transform", description: "How learning transforms students and their community." },
  { path: "/achieve", title: "Achieve", description: "What our students achieve in school and beyond." },
  { path: "/admissions-overview", title: "Admissions Overview", description: "How admission works, from enquiry to the first day of school." },
  { path: "/guidelines", title: "Admission Guidelines", description: "Documents, eligibility and the steps of the admission process." },
  { path: "/fee", title: "Fee Structure & Age Criteria", description: "Fees for each class and the age criteria for admission." },
  { path: "/apply", title: "Apply Now", description: "Apply online for admission and pay the application fee." },
  { path: "/curriculum", title: "Curriculum", description: "The CBSE curriculum from Nursery to Class XII." },
  { path: "/faculty", title: "Faculty", description: "Our teachers and co-ordinators." },
  { path: "/openings", title: "Current Openings", description: "Teaching and non-teaching positions open now." },
  { path: "/gallery", title: "Gallery", description: "Photographs of school life, events and celebrations." },
  { path: "/contact", title: "Contact Us", description: "Address, phone numbers, e-mail and office hours." },
  { path: "/mandatory-disclosure", title: "Mandatory Public Disclosure", description: "CBSE mandatory public disclosure (Affiliation Bye-Laws, Appendix IX)." },
  { path: "/school-brochure", title: "School Brochure", description: "Download the school brochure." },
  { path: "/app-privacy-policy", title: "App Privacy Policy", description: "Privacy policy of the school's mobile app." },
  { path: "/news/cbse-results-2024", title: "CBSE Results 2024", description: "Our Class X and Class XII CBSE results for 2024." },
  { path: "/payment-portal", title: "Payment Portal", description: "Pay school fees online." },
  { path: "/fees", title: "Fee Payment", description: "Pay school fees online." },
  { path: "/fee-payment", title: "Fee Payment", description: "Pay school fees online." },
  { path: "/bus-fee-payment", title: "Bus Fee Payment", description: "Pay school bus fees online." },
  { path: "/receipt-download", title: "Receipt Download", description: "Download a receipt for a fee payment." },
  { path: "/student-payment", title: "Payment Status", description: "The result of your payment." },
  { path: "/mock-payment", title: "Test Payment", description: "A test payment page used when no payment gateway is set up." },
  { path: "/icici-debug", title: "Payment Debug", description: "Payment gateway diagnostics for the administrator." },
  { path: "/school-in-kharagpur", title: "Best CBSE School in Kharagpur", description: "A CBSE school in Kharagpur for Nursery to Class XII." },
];

/** The entry for an exact path, or undefined. */
export function pageFor(path: string): PageEntry | undefined {
  return pages.find((p) => p.path === path);
}
