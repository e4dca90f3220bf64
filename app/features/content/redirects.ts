/**
 * Legacy redirects (SPEC §2 "Redirects"): old and search-style paths of the previous site go
 * to today's pages with one HTTP 301 (DESIGN.md §8). The table is data: each group names its
 * target, the exact legacy paths we know or expect (written in normalised form, see
 * `normalizeLegacyPath`), and keyword rules for the names the SPEC does not list.
 *
 * Resolution order: prefix rules (/blog/*, /index.php/*), then exact paths of every group,
 * then keyword rules group by group in table order (more specific groups first, so
 * "/admission-procedure" reaches /admissions-overview and not /apply). Paths that match a live
 * route are never looked up here; the caller checks that first.
 */

export type RedirectGroup = {
  /** Where the group goes. */
  target: string;
  /** What the SPEC says about the group. */
  description: string;
  /** Exact legacy paths, normalised: lower case, "-" for "_" and spaces, no trailing slash or .php/.html suffix. */
  paths: readonly string[];
  /**
   * Keywords or hyphenated phrases matched as whole words anywhere in the normalised path
   * (separators "/", "-" and "." all count as word breaks), e.g. "fee-structure".
   */
  keywords: readonly string[];
};

/** Prefixes whose every path goes to the home page (SPEC §2: /blog/*, /index.php/*). */
export const HOME_PREFIXES = ["/blog", "/index.php", "/wp-content", "/wp-admin"] as const;

export const redirectGroups: readonly RedirectGroup[] = [
  {
    target: "/school-brochure",
    description: "Brochure and prospectus paths",
    paths: ["/brochure", "/brochure.pdf", "/school-brochure.pdf", "/e-brochure", "/download-brochure", "/downloads/brochure.pdf", "/prospectus", "/prospectus.pdf", "/school-prospectus", "/download-prospectus"],
    keywords: ["brochure", "brochures", "prospectus", "e-brochure"],
  },
  {
    target: "/fee",
    description: "fee-structure and refund-policy",
    paths: ["/fee-structure", "/fees-structure", "/fee-structure.pdf", "/fee-details", "/fees-details", "/school-fees", "/school-fee", "/fee-structure-2024-25", "/fee-structure-2025-26", "/refund-policy", "/refund", "/fee-refund-policy", "/cancellation-and-refund", "/cancellation-refund-policy", "/age-criteria"],
    keywords: ["fee-structure", "fees-structure", "fee-details", "fees-details", "school-fees", "refund", "refunds", "age-criteria"],
  },
  {
    target: "/admissions-overview",
    description: "Admission procedure, help, FAQ, handbook, calendar, scholarship and loan paths",
    paths: [
      "/admission-procedure", "/admissions-procedure", "/admission-process", "/admissions-process", "/how-to-apply", "/admission-help", "/help", "/faq", "/faqs",
      "/admission-faq", "/admission-faqs", "/handbook", "/parent-handbook", "/student-handbook", "/admission-handbook", "/calendar", "/school-calendar",
      "/academic-calendar", "/admission-calendar", "/holiday-list", "/scholarship", "/scholarships", "/merit-scholarship", "/loan", "/loans", "/education-loan", "/fee-loan",
      "/admission-guidelines", "/admission-schedule",
    ],
    keywords: ["procedure", "process", "how-to-apply", "help", "faq", "faqs", "handbook", "calendar", "holiday-list", "scholarship", "scholarships", "loan", "loans", "admission-schedule", "admission-guidelines"],
  },
  {
    target: "/chairman",
    description: "Chairman_Message",
    paths: ["/chairman-message", "/chairmans-message", "/message-from-chairman", "/chairman-desk", "/from-the-chairmans-desk"],
    keywords: ["chairman", "chairmans", "chairperson"],
  },
  {
    target: "/mandatory-disclosure",
    description: "Mandatory, transfer-certificate, PTA and affiliation paths",
    paths: ["/mandatory", "/mandatory-public-disclosure", "/public-disclosure", "/disclosure", "/cbse-disclosure", "/transfer-certificate", "/tc", "/tc-download", "/transfer-certificates", "/pta", "/pta-members", "/parent-teacher-association", "/affiliation", "/cbse-affiliation", "/affiliation-details", "/smc", "/school-management-committee"],
    keywords: ["mandatory", "disclosure", "transfer-certificate", "transfer-certificates", "tc", "pta", "affiliation", "smc"],
  },
  {
    target: "/app-privacy-policy",
    description: "privacy-policy",
    paths: ["/privacy-policy", "/privacy", "/app-privacy", "/privacy-statement"],
    keywords: ["privacy"],
  },
  {
    target: "/contact",
    description: "contact-us",
    paths: ["/contact-us", "/contactus", "/contact-school", "/reach-us", "/location", "/how-to-reach", "/get-in-touch", "/map"],
    keywords: ["contact", "contactus", "reach-us", "how-to-reach", "get-in-touch"],
  },
  {
    target: "/overview",
    description: "code-conduct, terms, child-protection and super-vision",
    paths: ["/code-conduct", "/code-of-conduct", "/terms", "/terms-and-conditions", "/terms-of-use", "/child-protection", "/child-protection-policy", "/super-vision", "/supervision", "/about", "/about-us", "/aboutus", "/who-we-are", "/history", "/our-school"],
    keywords: ["conduct", "terms", "child-protection", "super-vision", "supervision", "about", "about-us", "aboutus", "who-we-are"],
  },
  {
    target: "/gallery",
    description: "Videos and virtual tour",
    paths: ["/videos", "/video", "/video-gallery", "/virtual-tour", "/virtual-tours", "/campus-tour", "/tour", "/photo-gallery", "/photos", "/media", "/events-gallery"],
    keywords: ["video", "videos", "virtual-tour", "tour", "photo", "photos", "gallery", "media"],
  },
  {
    target: "/faculty",
    description: "Teacher and co-ordinators",
    paths: ["/teacher", "/teachers", "/our-teachers", "/teaching-staff", "/staff", "/coordinators", "/co-ordinators", "/academic-coordinators", "/faculty-members"],
    keywords: ["teacher", "teachers", "coordinator", "coordinators", "staff"],
  },
  {
    target: "/achievements",
    description: "Results, testimonials and alumni",
    paths: ["/results", "/result", "/board-results", "/cbse-results", "/cbse-result", "/testimonials", "/testimonial", "/alumni", "/our-alumni", "/toppers", "/awards", "/achievement"],
    keywords: ["result", "results", "testimonial", "testimonials", "alumni", "toppers", "awards"],
  },
  {
    target: "/curriculum",
    description: "Class XI stream, assessment, olympiad, coaching, personality and environment paths",
    paths: [
      "/class-xi-stream", "/class-xi-streams", "/class-11-stream", "/class-11-streams", "/streams", "/stream", "/science-stream", "/commerce-stream", "/humanities-stream",
      "/assessment", "/assessments", "/examination", "/exams", "/olympiad", "/olympiads", "/coaching", "/jee-neet-coaching", "/personality-development", "/personality", "/environment",
      "/environment-club", "/eco-club", "/academics", "/syllabus",
    ],
    keywords: ["stream", "streams", "assessment", "assessments", "olympiad", "olympiads", "coaching", "personality", "environment", "syllabus", "academics"],
  },
  {
    target: "/facilities",
    description: "Lab, sports, clubs, transport, house system, activities, library, safety paths and /infrastructure",
    paths: [
      "/infrastructure", "/lab", "/labs", "/laboratory", "/laboratories", "/science-lab", "/computer-lab", "/sports", "/games", "/sports-facilities", "/clubs", "/club",
      "/transport", "/transportation", "/bus", "/school-bus", "/bus-routes", "/house-system", "/houses", "/activities", "/co-curricular-activities", "/extra-curricular-activities",
      "/library", "/safety", "/security", "/cctv", "/medical", "/smart-class", "/playground", "/campus",
    ],
    keywords: ["infrastructure", "lab", "labs", "laboratory", "laboratories", "sports", "sport", "games", "club", "clubs", "transport", "transportation", "bus", "buses", "house-system", "houses", "activities", "activity", "library", "safety", "security", "facility"],
  },
  {
    target: "/school-in-kharagpur",
    description: "Area and search paths: best-school-*, school-in-*, top-schools, ranking, reviews, comparison",
    paths: [
      "/best-school", "/best-schools", "/best-school-in-kharagpur", "/best-cbse-school-in-kharagpur", "/best-english-medium-school-in-kharagpur", "/best-school-near-me",
      "/cbse-school-in-kharagpur", "/english-medium-school-in-kharagpur", "/schools-in-kharagpur", "/school-in-midnapore", "/school-in-medinipur", "/school-in-west-bengal",
      "/school-in-hijli", "/school-in-iit-kharagpur", "/school-near-me", "/schools-near-me", "/cbse-school-near-me", "/top-schools", "/top-school", "/top-10-schools",
      "/top-schools-in-kharagpur", "/ranking", "/rankings", "/school-ranking", "/reviews", "/review", "/parent-reviews", "/google-reviews", "/comparison", "/compare", "/school-comparison",
      "/kharagpur-school", "/kharagpur",
    ],
    keywords: ["best-school", "best-schools", "school-in", "schools-in", "school-near", "schools-near", "top-school", "top-schools", "top-10-schools", "ranking", "rankings", "review", "reviews", "comparison", "compare", "kharagpur"],
  },
  {
    target: "/apply",
    description: "Admission-related paths and old PDF form files",
    paths: [
      "/admission", "/admissions", "/admission-form", "/admission-forms", "/admission-form.pdf", "/application-form.pdf", "/registration-form.pdf", "/forms/admission-form.pdf",
      "/downloads/admission-form.pdf", "/pdf/admission-form.pdf", "/online-admission", "/online-admissions", "/apply-now", "/apply-online", "/application", "/application-form",
      "/registration", "/online-registration", "/register", "/admission-open", "/admissions-open", "/admission-2024", "/admission-2025", "/admission-2026", "/admission-2026-27",
      "/enroll", "/enrol", "/enrollment", "/enrolment", "/nursery-admission", "/class-11-admission", "/admission-enquiry",
    ],
    keywords: ["admission", "admissions", "apply", "application", "applications", "registration", "register", "enroll", "enrol", "enrollment", "enrolment", "form.pdf"],
  },
];

const LEGACY_SUFFIX = /\.(php|html?|aspx?|jsp|cfm)$/;

/**
 * The comparable form of a request path: percent-decoded, lower case, runs of "_", spaces and
 * "+" as "-", "co-ordinator" as "coordinator", repeated slashes collapsed, no trailing slash,
 * no "/index" or ".php"/".html"-style suffix. "/" stays "/".
 */
export function normalizeLegacyPath(pathname: string): string {
  let p: string;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    p = pathname;
  }
  p = p
    .toLowerCase()
    .replace(/[_\s+]+/g, "-")
    .replace(/co-ordinator/g, "coordinator")
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
  p = p.replace(LEGACY_SUFFIX, "").replace(/\/index$/, "").replace(/\/+$/, "");
  return p === "" ? "/" : p.startsWith("/") ? p : `/${p}`;
}

function keywordPattern(keyword: string): RegExp {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/-/g, "[-/.]");
  return new RegExp(`(^|[-/.])${escaped}($|[-/.])`);
}

const exact = new Map<string, string>();
for (const group of redirectGroups) for (const p of group.paths) if (!exact.has(p)) exact.set(p, group.target);
const keywordRules = redirectGroups.map((g) => ({ target: g.target, patterns: g.keywords.map(keywordPattern) }));

/** Number of rules in the table: exact paths, keyword rules and home prefixes. */
export function redirectRuleCount(): number {
  return exact.size + keywordRules.reduce((n, r) => n + r.patterns.length, 0) + HOME_PREFIXES.length;
}

/**
 * Where a legacy path goes (a site path such as "/fee"), or null when no rule applies. The
 * caller handles live routes first and sends unknown paths home.
 */
export function resolveLegacyPath(pathname: string): string | null {
  const p = normalizeLegacyPath(pathname);
  if (p === "/") return null;
  if (HOME_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))) return "/";
  const hit = exact.get(p);
  if (hit) return hit;
  for (const rule of keywordRules) if (rule.patterns.some((re) => re.test(p))) return rule.target;
  return null;
}

/** `target` with the request's query string kept ("?x=1" or ""), as SPEC §2 redirects require. */
export function withQuery(target: string, search: string): string {
  return search && search !== "?" ? `${target}${search.startsWith("?") ? search : `?${search}`}` : target;
}
