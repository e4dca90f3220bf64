/**
 * The local-search landing page /school-in-kharagpur (SPEC §2): ranked reasons, features,
 * testimonials, served localities and FAQs. Headline figures come from content/school.ts.
 *
 * SAMPLE TESTIMONIALS: the parents' words and names below are placeholders; publish only real
 * reviews given with the parent's permission.
 */
import { school } from "./school";

export type Card = { title: string; text: string };
export type Testimonial = { quote: string; name: string; detail: string; stars: 5 };
export type Faq = { question: string; answer: string };

/** Why parents rank us first, in order. */
export const rankedReasons: Card[] = [
  { title: "Results you can see", text: `${school.figures.cbseResults} pass in the CBSE Class X and XII board examinations, year after year.` },
  { title: "Teachers who know your child", text: "Small sections and class teachers who stay with a class, so no child is lost in the crowd." },
  { title: "All of school on one campus", text: `${school.classes}, with Science, Commerce and Humanities in Classes XI and XII.` },
  { title: "Safe every step of the way", text: "A walled, guarded campus with CCTV, and GPS-tracked buses with a woman attendant." },
];

export const features: Card[] = [
  { title: "Science and computer labs", text: "Physics, chemistry, biology, mathematics and two computer labs with broadband." },
  { title: "Library and reading programme", text: "Books in English, Bengali and Hindi, and a reading period every day." },
  { title: "Sports and yoga", text: "A football and cricket ground with a running track, kabaddi, kho-kho, chess and yoga." },
  { title: "Music, dance and art", text: "Specialist teachers every week, and a stage for every child at least once a year." },
  { title: "Entrance-exam guidance", text: "Practice and guidance for JEE, NEET and CUET alongside the CBSE syllabus." },
  { title: "Transport across Kharagpur", text: "Bus routes covering the town, IIT Kharagpur, the railway settlement and nearby villages." },
];

export const testimonials: Testimonial[] = [
  { quote: "Our daughter was shy when she joined in UKG. Today she compères the school assembly. The teachers noticed her and never gave up on her.", name: "Parent of a Class 4 student (sample)", detail: "Hijli, Kharagpur", stars: 5 },
  { quote: "The board preparation was thorough but calm. Our son's pre-board papers were checked line by line, and he went into the exam confident.", name: "Parent of a Class XII student (sample)", detail: "IIT Kharagpur campus", stars: 5 },
  { quote: "The bus comes to our village on time every day, and the attendant knows every child. That gives us real peace of mind.", name: "Parent of two students (sample)", detail: "Salua", stars: 5 },
];

/** The 16 localities near Kharagpur that our buses and families come from. */
export const servedAreas: string[] = [
  "Kharagpur town",
  "IIT Kharagpur",
  "Hijli",
  "Inda",
  "Malancha",
  "Salua",
  "Sadatpur",
  "Gopali",
  "Prembazar",
  "Kharida",
  "Gate Bazar",
  "Nimpura",
  "Talbagicha",
  "Midnapore town",
  "Debra",
  "Balichak",
];

export const faqs: Faq[] = [
  { question: `Which board is ${school.name} affiliated to?`, answer: `${school.name} is affiliated to the Central Board of Secondary Education (CBSE), New Delhi, affiliation number ${school.affiliationNo}, school code ${school.schoolCode}.` },
  { question: "Which classes does the school have?", answer: `${school.classes}, co-educational and English-medium, with Science, Commerce and Humanities streams in Classes XI and XII.` },
  { question: "What is the age for Nursery and Class 1 admission?", answer: "A child must be at least 3 years old on 31 March of the session year for Nursery, 4 for LKG, 5 for UKG and 6 for Class 1, as NEP 2020 and West Bengal's rule require." },
  { question: "Does the school provide transport?", answer: "Yes. School buses with GPS, CCTV and a woman attendant cover Kharagpur town, IIT Kharagpur, Hijli, Inda and villages along NH-16." },
  { question: "Where is the school and when can we visit?", answer: `The school is on NH-16 at Sadatpur, ${school.address.locality}, ${school.address.postalCode}. Parents are welcome ${school.hours.days}, ${school.hours.open} to ${school.hours.close}.` },
  { question: "How do I apply for admission?", answer: "Fill in the online application form on this website and pay the application fee. Our admissions office will then call you to arrange a campus visit and an interaction." },
];
