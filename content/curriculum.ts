/**
 * The stages and streams of study shown on /curriculum, each published as a schema.org Course.
 * Subjects follow CBSE's scheme of studies; the school edits the lists when its offer changes.
 */
export type Stage = {
  id: string;
  name: string;
  classes: string;
  /** NEP 2020 stage name. */
  nepStage: string;
  description: string;
  subjects: string[];
};

export const stages: Stage[] = [
  {
    id: "foundational",
    name: "Pre-Primary (Nursery, LKG, UKG)",
    classes: "Nursery – UKG",
    nepStage: "Foundational stage",
    description: "Play- and activity-based learning for ages 3 to 6, following CBSE's Balvatika guidelines and NCERT's National Curriculum Framework for the Foundational Stage.",
    subjects: ["Language and early literacy (English, Bengali/Hindi)", "Early numeracy", "Environmental awareness", "Art, music and movement", "Social and emotional learning"],
  },
  {
    id: "primary",
    name: "Primary (Classes 1 – 5)",
    classes: "Classes 1 – 5",
    nepStage: "Foundational (Classes 1–2) and preparatory stage (Classes 3–5)",
    description: "Strong foundations in reading, writing and number, with NCERT textbooks, activity-based mathematics and environmental studies, and time outdoors every day.",
    subjects: ["English", "Hindi or Bengali", "Mathematics", "Environmental Studies / The World Around Us", "Computer Science (from Class 3)", "Art, music, health and physical education"],
  },
  {
    id: "middle",
    name: "Middle School (Classes 6 – 8)",
    classes: "Classes 6 – 8",
    nepStage: "Middle stage",
    description: "Subjects open up: science with laboratory work, mathematics, social science, three languages, coding and vocational exposure through projects.",
    subjects: ["English", "Hindi or Bengali", "Third language (Sanskrit, Hindi or Bengali)", "Mathematics", "Science", "Social Science", "Computer Science and coding", "Art, health and physical education, work education"],
  },
  {
    id: "secondary",
    name: "Secondary (Classes 9 – 10)",
    classes: "Classes 9 – 10",
    nepStage: "Secondary stage",
    description: "Preparation for the CBSE Class X board examination with five main subjects and a skill subject, practical work and regular competency-based assessment.",
    subjects: ["English Language and Literature", "Hindi or Bengali", "Mathematics (Standard or Basic)", "Science", "Social Science", "Skill subject: Artificial Intelligence or Information Technology", "Health and physical education"],
  },
  {
    id: "science",
    name: "Senior Secondary: Science (Classes 11 – 12)",
    classes: "Classes 11 – 12",
    nepStage: "Secondary stage",
    description: "Physics, Chemistry and Mathematics or Biology, with laboratory practicals and guidance for JEE, NEET and CUET alongside the CBSE Class XII syllabus.",
    subjects: ["English Core", "Physics", "Chemistry", "Mathematics and/or Biology", "Optional: Computer Science, Physical Education or Psychology"],
  },
  {
    id: "commerce",
    name: "Senior Secondary: Commerce (Classes 11 – 12)",
    classes: "Classes 11 – 12",
    nepStage: "Secondary stage",
    description: "Accountancy, Business Studies and Economics with Mathematics or Applied Mathematics, for careers in business, finance, law and management.",
    subjects: ["English Core", "Accountancy", "Business Studies", "Economics", "Mathematics or Applied Mathematics", "Optional: Informatics Practices or Physical Education"],
  },
  {
    id: "humanities",
    name: "Senior Secondary: Humanities (Classes 11 – 12)",
    classes: "Classes 11 – 12",
    nepStage: "Secondary stage",
    description: "History, Political Science, Geography, Economics and Psychology, for students drawn to the social sciences, law, journalism, design and public service.",
    subjects: ["English Core", "History", "Political Science", "Geography or Economics", "Psychology or Sociology", "Optional: Painting, Physical Education or Bengali"],
  },
];
