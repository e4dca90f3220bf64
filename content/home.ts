/**
 * Table-like content of the home page (SPEC §2): the hero slides and the "schools" (stages from
 * Nursery to Class XII). Prose sections live in content/home/*.md; school facts in school.ts.
 */
import { school } from "./school";

export type HeroSlide = {
  /** Stable key, also used in the indicator's accessible name. */
  id: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  /** Path under /images/, 640×480 illustration. */
  image: string;
  imageAlt: string;
};

/** The three hero slides, in order. The first one is server-rendered and is the LCP element. */
export const heroSlides: HeroSlide[] = [
  {
    id: "campus",
    title: "A school that knows every child by name",
    text: `From Nursery to Class XII on one green campus in ${school.address.locality}, with small sections and teachers who stay with your child year after year.`,
    cta: { label: "Apply for admission", to: "/apply" },
    image: "/images/campus.svg",
    imageAlt: `Illustration of the ${school.shortName} school building with the national flag and trees`,
  },
  {
    id: "science",
    title: "Learning by doing, in labs and beyond",
    text: "Physics, chemistry, biology and computer labs, a robotics and tinkering corner and a library where questions are welcome.",
    cta: { label: "See our facilities", to: "/facilities" },
    image: "/images/science-lab.svg",
    imageAlt: "Illustration of a school science lab with a microscope, flasks and a test-tube rack",
  },
  {
    id: "sports",
    title: "Fields, music rooms and stages to grow on",
    text: "Football, cricket, athletics, yoga, Rabindra Sangeet, dance and drama are part of every week, not an afterthought.",
    cta: { label: "Explore the curriculum", to: "/curriculum" },
    image: "/images/sports-field.svg",
    imageAlt: "Illustration of the school playground with a running track, a football goal and a cricket wicket",
  },
];

export type SchoolStage = {
  id: string;
  name: string;
  /** e.g. "Nursery – UKG". */
  classes: string;
  /** Typical ages, e.g. "3–6 years". */
  ages: string;
  description: string;
  highlights: string[];
  /** Path under /images/, 400×250 illustration. */
  image: string;
  imageAlt: string;
};

/** The four schools within the school, youngest first. */
export const schoolStages: SchoolStage[] = [
  {
    id: "pre-primary",
    name: "Pre-Primary",
    classes: "Nursery – UKG",
    ages: "3–6 years",
    description:
      "Play-based learning in bright, safe rooms, following the NEP 2020 foundational stage: stories, rhymes, sand and water play, and first letters and numbers at each child's pace.",
    highlights: ["Caring teacher and helper in every class", "English, Bengali and Hindi rhymes and stories", "Gentle settling-in for first-time school goers"],
    image: "/images/pre-primary.svg",
    imageAlt: "",
  },
  {
    id: "primary",
    name: "Primary",
    classes: "Classes 1 – 5",
    ages: "6–11 years",
    description:
      "Strong reading, writing and number sense through NCERT books, activity-based maths, environmental studies and plenty of time outdoors.",
    highlights: ["Reading programme with a class library", "Hindi or Bengali as second language", "Art, music, yoga and games every week"],
    image: "/images/primary.svg",
    imageAlt: "",
  },
  {
    id: "middle",
    name: "Middle",
    classes: "Classes 6 – 8",
    ages: "11–14 years",
    description:
      "Subjects open up: science with real lab work, mathematics, social science, languages and computer science, with projects that connect ideas to Kharagpur around us.",
    highlights: ["Hands-on science and coding", "Third language from Class 6", "Inter-house debates, quizzes and sports"],
    image: "/images/middle.svg",
    imageAlt: "",
  },
  {
    id: "senior",
    name: "Secondary & Senior Secondary",
    classes: "Classes 9 – 12",
    ages: "14–18 years",
    description:
      "Focused preparation for the CBSE Class X and XII board examinations, with Science, Commerce and Humanities streams in Classes XI and XII and guidance on careers and entrance exams.",
    highlights: ["Streams: Science, Commerce and Humanities", "Regular practice tests and doubt-clearing classes", "Career counselling for JEE, NEET, CUET and beyond"],
    image: "/images/senior.svg",
    imageAlt: "",
  },
];
