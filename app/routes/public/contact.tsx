/** /contact: the school's contact details from content/school.ts, with School JSON-LD. Prerendered. */
import type { Route } from "./+types/contact";
import { formatAddress, school } from "#content/school";
import { getContentPage } from "~/features/content/pages.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { schoolJsonLd } from "~/features/content/structured-data";
import { ContactPage } from "~/features/content/components/contact-page";

export function loader() {
  const { latitude, longitude } = school.address.geo;
  return {
    page: getContentPage("/contact"),
    contact: {
      name: school.name,
      address: formatAddress(),
      mapUrl: `https://www.google.com/maps/search/?api=1&query=${latitude}%2C${longitude}`,
      phones: school.phones.map((p) => ({ ...p })),
      emails: [...school.emails],
      hours: `${school.hours.days}, ${school.hours.open} – ${school.hours.close}`,
      whatsapp: school.social.whatsapp,
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const siteUrl = siteUrlFrom(matches);
  return pageMeta({ ...data.page.seo, siteUrl, jsonLd: [schoolJsonLd(siteUrl, { image: data.page.seo.image.url })] });
};

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactPage page={loaderData.page} contact={loaderData.contact} />;
}
