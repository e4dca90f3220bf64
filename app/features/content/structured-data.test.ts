/**
 * Every JSON-LD builder's output checked against the properties schema.org consumers require:
 * Google Search Central's structured-data documentation lists, per type, the required
 * properties (and the recommended ones we promise, e.g. the School's geo and opening hours).
 */
import { describe, expect, it } from "vitest";
import { faqs } from "#content/landing";
import { school } from "#content/school";
import {
  articleJsonLd,
  breadcrumbJsonLd,
  courseJsonLd,
  DEFAULT_RATING,
  eventJsonLd,
  faqJsonLd,
  jsonLdMeta,
  organizationJsonLd,
  schoolJsonLd,
  videoJsonLd,
} from "./structured-data";

const site = "https://www.example.in";
type Json = Record<string, unknown>;

/** Required properties per @type (dotted paths into nested objects; arrays checked item by item). */
const REQUIRED: Record<string, string[]> = {
  School: ["name", "url", "telephone", "address", "geo", "openingHoursSpecification", "foundingDate", "aggregateRating"],
  Organization: ["name", "url", "logo"],
  NewsArticle: ["headline", "image", "datePublished", "author", "publisher"],
  Event: ["name", "startDate", "location"],
  VideoObject: ["name", "thumbnailUrl", "uploadDate", "description"],
  Course: ["name", "description", "provider"],
  FAQPage: ["mainEntity"],
  Question: ["name", "acceptedAnswer"],
  Answer: ["text"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name", "item"],
  PostalAddress: ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
  GeoCoordinates: ["latitude", "longitude"],
  OpeningHoursSpecification: ["dayOfWeek", "opens", "closes"],
  AggregateRating: ["ratingValue", "reviewCount"],
  Place: ["name", "address"],
};

/** Problems found in `node` and every typed object inside it: missing required properties, empty values, relative URLs. */
function validate(node: unknown, path = "$"): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => validate(n, `${path}[${i}]`));
  if (!node || typeof node !== "object") return [];
  const obj = node as Json;
  const problems: string[] = [];
  const type = obj["@type"];
  if (typeof type === "string" && REQUIRED[type]) {
    for (const key of REQUIRED[type]) {
      const value = obj[key];
      if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) problems.push(`${path} (${type}) lacks ${key}`);
    }
  }
  for (const [key, value] of Object.entries(obj)) {
    if (/^(url|item|logo|thumbnailUrl|image|contentUrl|@id)$/.test(key)) {
      for (const v of [value].flat()) if (typeof v === "string" && !/^https?:\/\//.test(v)) problems.push(`${path}.${key} is not absolute: ${v}`);
    }
    problems.push(...validate(value, `${path}.${key}`));
  }
  return problems;
}

describe("JSON-LD builders meet the required properties", () => {
  it("School: address, geo, telephone, Mo–Sa 08:00–14:00, founded 2017, rating 4.8 from 150 reviews", () => {
    const node = schoolJsonLd(site);
    expect(validate(node)).toEqual([]);
    expect(node).toMatchObject({
      "@type": "School",
      foundingDate: String(school.foundingYear),
      aggregateRating: { ratingValue: DEFAULT_RATING.ratingValue, reviewCount: DEFAULT_RATING.reviewCount },
      openingHoursSpecification: [{ opens: "08:00", closes: "14:00" }],
      geo: { latitude: school.address.geo.latitude, longitude: school.address.geo.longitude },
      address: { postalCode: school.address.postalCode },
    });
    expect((node as unknown as Json).openingHoursSpecification).toMatchObject([
      { dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((d) => `https://schema.org/${d}`) },
    ]);
    expect(DEFAULT_RATING).toEqual({ ratingValue: 4.8, reviewCount: 150 });
  });

  it("Organization", () => {
    expect(validate(organizationJsonLd(site))).toEqual([]);
  });

  it("NewsArticle with absolute images and IST dates", () => {
    const node = articleJsonLd(site, { headline: "Results", description: "d", path: "/news/x", datePublished: "2024-05-13", images: ["/img/a.jpg"] });
    expect(validate(node)).toEqual([]);
    expect(node).toMatchObject({ datePublished: "2024-05-13T09:00:00+05:30", image: [`${site}/img/a.jpg`] });
  });

  it("Event with startDate and location", () => {
    const node = eventJsonLd(site, { name: "Sports Meet", description: "d", start: "2026-12-12T08:00", end: "2026-12-12T13:00" });
    expect(validate(node)).toEqual([]);
    expect(node).toMatchObject({ startDate: "2026-12-12T08:00:00+05:30", location: { "@type": "Place", address: { addressLocality: school.address.locality } } });
    expect(eventJsonLd(site, { name: "Day", description: "d", start: "2026-12-19" })).toMatchObject({ startDate: "2026-12-19" });
  });

  it("VideoObject", () => {
    expect(validate(videoJsonLd(site, { name: "Tour", description: "d", thumbnail: "/img/t.jpg", uploadDate: "2026-06-15", contentUrl: "https://www.youtube.com/watch?v=x" }))).toEqual([]);
  });

  it("Course", () => {
    expect(validate(courseJsonLd(site, { name: "Science", description: "d", educationalLevel: "Secondary", path: "/curriculum#science" }))).toEqual([]);
  });

  it("FAQPage from the landing page's questions", () => {
    const node = faqJsonLd(faqs);
    expect(validate(node)).toEqual([]);
    expect((node as unknown as Json).mainEntity).toHaveLength(faqs.length);
  });

  it("BreadcrumbList with positions from 1 and absolute item URLs", () => {
    const node = breadcrumbJsonLd(site, [{ label: "Home", path: "/" }, { label: "Fee", path: "/fee" }]);
    expect(validate(node)).toEqual([]);
    expect(node).toMatchObject({ itemListElement: [{ position: 1, item: `${site}/` }, { position: 2, item: `${site}/fee` }] });
  });

  it("the validator catches a missing property and a relative URL", () => {
    expect(validate({ "@type": "Event", name: "x", location: { "@type": "Place", name: "y", address: "z" }, url: "/x" })).toEqual(["$ (Event) lacks startDate", "$.url is not absolute: /x"]);
  });

  it("jsonLdMeta wraps nodes in one @graph with the schema.org context", () => {
    expect(jsonLdMeta([organizationJsonLd(site)])).toEqual([{ "script:ld+json": { "@context": "https://schema.org", "@graph": [organizationJsonLd(site)] } }]);
    expect(jsonLdMeta([])).toEqual([]);
  });
});
