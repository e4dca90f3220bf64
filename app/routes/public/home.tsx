/**
 * Home page (SPEC §2): hero slideshow, Inspire / Empower / Transform / Achieve, news and events,
 * the school calendar, the schools and an apply-now call to action. Kept in memory by the server,
 * rendered again each day in India (the calendar shows what is next from that day) and after
 * each publish (the news and the calendar are the database's).
 */
import type { Route } from "./+types/home";
import { heroSlides, schoolStages } from "#content/home";
import { school } from "#content/school";
import { academicSession, admissionsSession } from "#content/calendar";
import { renderInstant } from "~/lib/prerender";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { socialImage } from "~/features/content/images.server";
import { eventJsonLd, organizationJsonLd, schoolJsonLd } from "~/features/content/structured-data";
import { getHomeCallout, getHomeSections } from "~/features/content/markdown.server";
import { currentNotices, upcomingCalendar, visibleNews } from "~/features/content/published.server";
import { HomeHero } from "~/features/content/components/home-hero";
import { HomeFigures } from "~/features/content/components/home-figures";
import { HomePillarSection } from "~/features/content/components/home-pillar-section";
import { HomeNews } from "~/features/content/components/home-news";
import { HomeNotices } from "~/features/content/components/home-notices";
import { HomeCalendar } from "~/features/content/components/home-calendar";
import { HomeSchools } from "~/features/content/components/home-schools";
import { HomeApply } from "~/features/content/components/home-apply";

export function loader({ context }: Route.LoaderArgs) {
  const now = renderInstant(context);
  return {
    sections: getHomeSections(),
    news: visibleNews(now, { limit: 4 }).map(({ html: _html, ...card }) => card),
    notices: currentNotices(now).map(({ slug, title, untilLabel, html }) => ({ slug, title, untilLabel, html })),
    calendar: upcomingCalendar(now, 6),
    sessionLabel: academicSession.label,
    admissionsSession,
    apply: getHomeCallout("admissions"),
    social: socialImage(),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteUrl = siteUrlFrom(matches);
  // School events of the calendar (not holidays or exams) as schema.org Events at the campus.
  const events = (data?.calendar ?? [])
    .filter((e) => e.category === "event")
    .map((e) => eventJsonLd(siteUrl, { name: e.title, description: `${e.title} at ${school.name}, ${school.address.locality}.`, start: e.start, end: e.end, path: "/" }));
  return pageMeta({
    description: `${school.name}: ${school.board} school in ${school.address.locality}, ${school.address.region}, for ${school.classes}. Science, Commerce and Humanities.${data ? ` Admissions open ${data.admissionsSession}.` : ""}`,
    path: "/",
    siteUrl,
    image: data?.social,
    keywords: [`${school.board} school ${school.address.locality}`, `best school in ${school.address.locality}`, "English medium school West Bengal", "Nursery to Class XII"],
    jsonLd: [schoolJsonLd(siteUrl), organizationJsonLd(siteUrl), ...events],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero slides={heroSlides} />
      <HomeNotices notices={loaderData.notices} />
      <HomeFigures />
      {loaderData.sections.map((section, i) => (
        <HomePillarSection key={section.id} section={section} index={i} />
      ))}
      <HomeNews items={loaderData.news} />
      <HomeCalendar entries={loaderData.calendar} sessionLabel={loaderData.sessionLabel} />
      <HomeSchools stages={schoolStages} />
      <HomeApply callout={loaderData.apply} />
    </>
  );
}
