/**
 * The site's menus (SPEC §2 "Header and menu", "Footer"). Labels are the SPEC's words.
 */
import { school } from "./school";

export type NavLink = { label: string; to: string; highlight?: boolean };
export type NavGroup = { id: string; label: string; links: NavLink[] };

/** Desktop header links: each scrolls to the home-page section with the lowercased id. */
export const sectionLinks = ["Inspire", "Empower", "Transform", "Achieve"].map((label) => ({
  label,
  id: label.toLowerCase(),
}));

/** Side-menu groups, in SPEC order. One is open at a time. */
export const menuGroups: NavGroup[] = [
  {
    id: "who-we-are",
    label: "WHO WE ARE",
    links: [
      { label: "Overview", to: "/overview" },
      { label: "Vision & Mission", to: "/vision" },
      { label: "Chairman's Message", to: "/chairman" },
      { label: "Director's Message", to: "/director" },
      { label: "Principal's Message", to: "/principal" },
      { label: "Secretary's Message", to: "/secretary" },
    ],
  },
  {
    id: "why",
    label: `WHY ${school.shortName}`,
    links: [
      { label: "What Makes Us Different", to: "/difference" },
      { label: "Facilities", to: "/facilities" },
      { label: "Achievements", to: "/achievements" },
    ],
  },
  {
    id: "what-we-do",
    label: "WHAT WE DO",
    links: [
      { label: "Inspire", to: "/inspire" },
      { label: "Empower", to: "/empower" },
      { label: "Transform", to: "/transform" },
      { label: "Achieve", to: "/achieve" },
    ],
  },
  {
    id: "admission",
    label: "ADMISSION",
    links: [
      { label: "Admissions Overview", to: "/admissions-overview" },
      { label: "Guidelines", to: "/guidelines" },
      { label: "Fee & Age Criteria", to: "/fee" },
      { label: "Apply Now", to: "/apply", highlight: true },
      { label: "Pay Fee", to: "/payment-portal", highlight: true },
      { label: "Bus Fee Payment", to: "/bus-fee-payment" },
      { label: "Receipt Download", to: "/receipt-download" },
    ],
  },
  {
    id: "academics",
    label: "ACADEMICS",
    links: [
      { label: "Curriculum", to: "/curriculum" },
      { label: "Faculty", to: "/faculty" },
      { label: "Gallery", to: "/gallery" },
      { label: "School Brochure", to: "/school-brochure" },
    ],
  },
  {
    id: "careers",
    label: "CAREERS",
    links: [{ label: "Current Openings", to: "/openings" }],
  },
  {
    id: "school-in-kharagpur",
    label: "SCHOOL IN KHARAGPUR",
    links: [
      { label: "School in Kharagpur", to: "/school-in-kharagpur" },
      { label: "Contact", to: "/contact" },
    ],
  },
];

/** The full quick-links list; the footer shows the first six (SPEC §2). */
export const quickLinks: NavLink[] = [
  { label: "About Us", to: "/overview" },
  { label: "Admissions", to: "/admissions-overview" },
  { label: "Payment Portal", to: "/payment-portal" },
  { label: "Receipt Download", to: "/receipt-download" },
  { label: "Academics", to: "/curriculum" },
  { label: "Infrastructure", to: "/facilities" },
  { label: "Faculty", to: "/faculty" },
  { label: "Careers", to: "/openings" },
];

export const QUICK_LINKS_SHOWN = 6;

export const resourceLinks: NavLink[] = [
  { label: "School Brochure", to: "/school-brochure" },
  { label: "School in Kharagpur", to: "/school-in-kharagpur" },
  { label: "Gallery", to: "/gallery" },
  { label: "Contact", to: "/contact" },
  { label: "Mandatory Disclosure", to: "/mandatory-disclosure" },
  { label: "App Privacy Policy", to: "/app-privacy-policy" },
];
