/**
 * /school-in-kharagpur: the local-search landing page (SPEC §2). Rendered once per day in India
 * (app/page-routes.ts) because its final call to action names the current academic year
 * (SPEC §3: 1 November to 31 October, India time).
 */
import type { Route } from "./+types/school-in-kharagpur";
import { faqs, features, rankedReasons, servedAreas, testimonials } from "#content/landing";
import { formatAddress, school } from "#content/school";
import { academicYear } from "~/lib/dates";
import { renderInstant } from "~/lib/prerender";
import { getContentPage } from "~/features/content/pages.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { faqJsonLd, organizationJsonLd, schoolJsonLd } from "~/features/content/structured-data";
import { LandingPage, type LandingData } from "~/features/content/components/landing-page";

export function loader({ context }: Route.LoaderArgs): LandingData {
  const f = school.figures;
  return {
    page: getContentPage("/school-in-kharagpur"),
    academicYear: academicYear(renderInstant(context)).label,
    figures: [
      { value: f.students, label: "Happy Students" },
      { value: f.cbseResults, label: "CBSE Results" },
      { value: String(f.parentRating), label: "Parent Rating" },
      { value: f.rank, label: "Ranking" },
    ],
    reasons: rankedReasons,
    features,
    testimonials,
    areas: servedAreas,
    faqs,
    contact: {
      name: school.name,
      address: formatAddress(),
      phones: school.phones.map((p) => ({ ...p })),
      emails: [...school.emails],
      hours: `${school.hours.days}, ${school.hours.open} – ${school.hours.close}`,
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const siteUrl = siteUrlFrom(matches);
  return pageMeta({
    ...data.page.seo,
    siteUrl,
    jsonLd: [schoolJsonLd(siteUrl, { image: data.page.seo.image.url }), organizationJsonLd(siteUrl), faqJsonLd(data.faqs)],
  });
};

export default function SchoolInKharagpur({ loaderData }: Route.ComponentProps) {
  return <LandingPage data={loaderData} />;
}
