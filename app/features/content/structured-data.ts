/**
 * JSON-LD builders (schema.org, typed with schema-dts) for the public pages: School,
 * Organization, NewsArticle, Event, VideoObject, Course, FAQPage and BreadcrumbList. Every
 * builder takes the site origin (PUBLIC_SITE_URL, no trailing slash) and returns plain objects;
 * `jsonLdMeta` wraps them in one `@graph` for React Router's `meta` export.
 *
 * Required and recommended properties follow Google Search Central's structured-data
 * documentation for each type; `structured-data.test.ts` checks them.
 */
import type { MetaDescriptor } from "react-router";
import type {
  Answer,
  BreadcrumbList,
  Course,
  Event,
  FAQPage,
  ListItem,
  NewsArticle,
  OpeningHoursSpecification,
  Organization,
  PostalAddress,
  Question,
  School,
  Thing,
  VideoObject,
} from "schema-dts";
import { school } from "#content/school";
import { IST_OFFSET, istDateTime } from "~/lib/dates";

/** The time of day in India a dated article or video is said to be published (content gives only the date). */
export const PUBLISHED_AT = "09:00:00";

type Node<T> = Exclude<T, string>;

/** Default rating shown in structured data (SPEC §3 page metadata: rating 4.8, 150 reviews). */
export const DEFAULT_RATING = { ratingValue: 4.8, reviewCount: 150 } as const;

/** The @id of the school node, so other nodes can refer to it. */
export function schoolId(siteUrl: string): string {
  return `${siteUrl}/#school`;
}

/** The @id of the organisation node (publisher and provider of articles and courses). */
export function organizationId(siteUrl: string): string {
  return `${siteUrl}/#organization`;
}

/** An absolute URL on the site for a path ("/fee") or an already absolute URL. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function postalAddress(): Node<PostalAddress> {
  const a = school.address;
  return {
    "@type": "PostalAddress",
    streetAddress: a.street,
    addressLocality: a.locality,
    addressRegion: a.region,
    postalCode: a.postalCode,
    addressCountry: a.country,
  };
}

const DAY_NAMES = { Mo: "Monday", Tu: "Tuesday", We: "Wednesday", Th: "Thursday", Fr: "Friday", Sa: "Saturday", Su: "Sunday" } as const;

/** Opening hours Monday to Saturday, 08:00–14:00 (SPEC §9), from content/school.ts. */
export function openingHours(): Node<OpeningHoursSpecification> {
  return {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: (["Mo", "Tu", "We", "Th", "Fr", "Sa"] as const).map((d) => `https://schema.org/${DAY_NAMES[d]}` as const),
    opens: school.hours.opens,
    closes: school.hours.closes,
  };
}

/**
 * The school as a local place (SPEC §2 landing page "local-business structured data"): address,
 * geo coordinates, telephone, opening hours, founding date and the aggregate rating (defaults
 * 4.8 from 150 reviews, SPEC §3). `rating` overrides the defaults.
 */
export function schoolJsonLd(siteUrl: string, options: { image?: string; rating?: { ratingValue: number; reviewCount: number } } = {}): Node<School> {
  const rating = options.rating ?? DEFAULT_RATING;
  const [phone] = school.phones;
  return {
    "@type": "School",
    "@id": schoolId(siteUrl),
    name: school.name,
    alternateName: school.shortName,
    description: `${school.board} school in ${school.address.locality}, ${school.address.region}, for ${school.classes}.`,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    image: options.image ? absoluteUrl(siteUrl, options.image) : `${siteUrl}/favicon.svg`,
    telephone: phone?.e164,
    email: school.emails[0],
    address: postalAddress(),
    geo: { "@type": "GeoCoordinates", latitude: school.address.geo.latitude, longitude: school.address.geo.longitude },
    openingHoursSpecification: [openingHours()],
    foundingDate: String(school.foundingYear),
    aggregateRating: { "@type": "AggregateRating", ratingValue: rating.ratingValue, reviewCount: rating.reviewCount, bestRating: 5, worstRating: 1 },
    areaServed: { "@type": "City", name: school.address.locality },
    parentOrganization: { "@id": organizationId(siteUrl) },
    sameAs: Object.values(school.social).filter((url) => !url.includes("wa.me")),
  };
}

/** The organisation that runs the school: name, logo, contact points and social profiles. */
export function organizationJsonLd(siteUrl: string): Node<Organization> {
  return {
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: school.name,
    alternateName: school.shortName,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    foundingDate: String(school.foundingYear),
    address: postalAddress(),
    email: school.emails[0],
    contactPoint: school.phones.map((p) => ({
      "@type": "ContactPoint",
      contactType: p.label,
      telephone: p.e164,
      areaServed: "IN",
      availableLanguage: ["English", "Bengali", "Hindi"],
    })),
    sameAs: Object.values(school.social).filter((url) => !url.includes("wa.me")),
  };
}

export type ArticleInput = {
  headline: string;
  description: string;
  /** Path of the article, e.g. "/news/cbse-results-2024". */
  path: string;
  /** ISO dates (yyyy-mm-dd), India. */
  datePublished: string;
  dateModified?: string;
  /** Absolute URLs or site paths of images; at least one (Google requires an image). */
  images: string[];
};

/** A news article, published by the school's organisation. */
export function articleJsonLd(siteUrl: string, input: ArticleInput): Node<NewsArticle> {
  const url = absoluteUrl(siteUrl, input.path);
  return {
    "@type": "NewsArticle",
    headline: input.headline.slice(0, 110),
    description: input.description,
    image: input.images.map((i) => absoluteUrl(siteUrl, i)),
    datePublished: istDateTime(input.datePublished, PUBLISHED_AT),
    dateModified: istDateTime(input.dateModified ?? input.datePublished, PUBLISHED_AT),
    author: { "@type": "Organization", "@id": organizationId(siteUrl), name: school.name, url: `${siteUrl}/`, logo: `${siteUrl}/favicon.svg` },
    publisher: { "@id": organizationId(siteUrl) },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    inLanguage: "en-IN",
  };
}

export type EventInput = {
  name: string;
  description: string;
  /** ISO date or date-time in India ("2026-12-12" or "2026-12-12T08:00"). */
  start: string;
  end?: string;
  /** Where; defaults to the school campus. */
  locationName?: string;
  /** Path or URL of a page about the event. */
  path?: string;
  image?: string;
};

/** ISO date-time with the India offset for "yyyy-mm-ddThh:mm" or "…:ss"; a plain "yyyy-mm-dd" stays a date. */
function eventDateTime(value: string): string {
  return value.length === 10 ? value : `${value.length === 16 ? `${value}:00` : value}${IST_OFFSET}`;
}

/** A school event at the campus (calendar items and event news): startDate and location. */
export function eventJsonLd(siteUrl: string, input: EventInput): Node<Event> {
  return {
    "@type": "Event",
    name: input.name,
    description: input.description,
    startDate: eventDateTime(input.start),
    ...(input.end ? { endDate: eventDateTime(input.end) } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: input.locationName ?? school.name, address: postalAddress() },
    organizer: { "@type": "Organization", "@id": organizationId(siteUrl), name: school.name, url: `${siteUrl}/`, logo: `${siteUrl}/favicon.svg` },
    ...(input.path ? { url: absoluteUrl(siteUrl, input.path) } : {}),
    image: absoluteUrl(siteUrl, input.image ?? "/favicon.svg"),
  };
}

export type VideoInput = {
  name: string;
  description: string;
  /** Absolute URL or site path of the thumbnail image. */
  thumbnail: string;
  /** ISO date the video was published. */
  uploadDate: string;
  /** Watch page (e.g. a YouTube URL). */
  contentUrl: string;
  embedUrl?: string;
  /** ISO 8601 duration, e.g. "PT3M20S". */
  duration?: string;
};

/** A video (virtual tour, CBSE inspection video): name, thumbnail, upload date and URL. */
export function videoJsonLd(siteUrl: string, input: VideoInput): Node<VideoObject> {
  return {
    "@type": "VideoObject",
    name: input.name,
    description: input.description,
    thumbnailUrl: [absoluteUrl(siteUrl, input.thumbnail)],
    uploadDate: istDateTime(input.uploadDate, PUBLISHED_AT),
    contentUrl: input.contentUrl,
    ...(input.embedUrl ? { embedUrl: input.embedUrl } : {}),
    ...(input.duration ? { duration: input.duration } : {}),
    publisher: { "@id": organizationId(siteUrl) },
  };
}

export type CourseInput = { name: string; description: string; educationalLevel: string; path: string; code?: string };

/** A course of study (a stage or stream of the CBSE curriculum), provided by the school. */
export function courseJsonLd(siteUrl: string, input: CourseInput): Node<Course> {
  return {
    "@type": "Course",
    name: input.name,
    description: input.description,
    educationalLevel: input.educationalLevel,
    ...(input.code ? { courseCode: input.code } : {}),
    url: absoluteUrl(siteUrl, input.path),
    inLanguage: "en-IN",
    provider: { "@type": "EducationalOrganization", name: school.name, sameAs: `${siteUrl}/` },
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "Onsite",
      courseWorkload: "P1Y",
      location: { "@type": "Place", name: school.name, address: postalAddress() },
    },
    offers: { "@type": "Offer", category: "Paid", priceCurrency: "INR", url: `${siteUrl}/fee` },
  };
}

export type Faq = { question: string; answer: string };

/** Frequently asked questions: each a Question with an accepted Answer (plain text). */
export function faqJsonLd(faqs: readonly Faq[]): Node<FAQPage> {
  return {
    "@type": "FAQPage",
    mainEntity: faqs.map(
      (f): Node<Question> => ({
        "@type": "Question",
        name: f.question,
        acceptedAnswer: { "@type": "Answer", text: f.answer } satisfies Node<Answer>,
      }),
    ),
  };
}

/** One step of a breadcrumb trail: the label and the path ("/" for Home). */
export type Crumb = { label: string; path: string };

/** The breadcrumb trail as a BreadcrumbList; every item, the current page included, has a URL. */
export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly Crumb[]): Node<BreadcrumbList> {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map(
      (c, i): Node<ListItem> => ({ "@type": "ListItem", position: i + 1, name: c.label, item: absoluteUrl(siteUrl, c.path) }),
    ),
  };
}

/** A React Router meta descriptor rendering `<script type="application/ld+json">` with one @graph. */
export function jsonLdMeta(nodes: readonly Node<Thing>[]): MetaDescriptor[] {
  if (nodes.length === 0) return [];
  return [{ "script:ld+json": { "@context": "https://schema.org", "@graph": nodes } }];
}
