/**
 * Faculty page content: the co-ordinators and departments. Staff counts come from
 * content/mandatory-disclosure.ts (section D), so they are stated once.
 *
 * SAMPLE NAMES: every person below is a placeholder for the school to replace.
 */
export type Coordinator = { name: string; role: string; qualification: string };
export type Department = { name: string; description: string };

export const coordinators: Coordinator[] = [
  { name: "Mrs. Anjali Sample", role: "Co-ordinator, Pre-Primary", qualification: "B.A., Nursery Teacher Training" },
  { name: "Mrs. Sharmila Sample", role: "Co-ordinator, Primary (Classes 1–5)", qualification: "M.A. (English), B.Ed." },
  { name: "Mr. Soumen Sample", role: "Co-ordinator, Middle School (Classes 6–8)", qualification: "M.Sc. (Mathematics), B.Ed." },
  { name: "Dr. Partha Sample", role: "Co-ordinator, Secondary and Senior Secondary", qualification: "Ph.D. (Chemistry), B.Ed." },
  { name: "Ms. Priyanka Sample", role: "Counsellor and wellness teacher", qualification: "M.A. (Psychology)" },
  { name: "Mr. Arindam Sample", role: "Special educator", qualification: "B.Ed. (Special Education), RCI-registered" },
];

export const departments: Department[] = [
  { name: "Languages", description: "English, Bengali, Hindi and Sanskrit teachers who run the reading programme, debates and the school magazine." },
  { name: "Mathematics", description: "Activity-based mathematics in the early years, the mathematics lab, and olympiad and entrance-exam support in the senior school." },
  { name: "Science", description: "Physics, chemistry and biology teachers with laboratory assistants, who organise the science exhibition every November." },
  { name: "Social Science and Humanities", description: "History, geography, political science, economics and psychology, with field visits around Kharagpur and Medinipur." },
  { name: "Commerce", description: "Accountancy, business studies and economics, with visits to banks and local businesses." },
  { name: "Computer Science", description: "Computer science from Class 3, coding and robotics, Informatics Practices and Artificial Intelligence." },
  { name: "Arts, Music and Physical Education", description: "Art, music, dance, yoga and sport for every class, and coaching for inter-school teams." },
];
