/**
 * Page <head> tags: title, description, keywords, canonical URL from PUBLIC_SITE_URL, Open Graph
 * and Twitter fields, and JSON-LD (a BreadcrumbList for every page with a trail, plus whatever
 * the page adds). Returns React Router `meta` descriptors.
 */
import type { MetaDescriptor } from "react-router";
import type { Thing } from "schema-dts";
import { pageFor } from "#content/pages";
import { school } from "#content/school";
import { breadcrumbJsonLd, jsonLdMeta, type Crumb } from "./structured-data";

/** A picture for social previews (Open Graph, Twitter): site path or URL, size in px, alt text. */
export type SocialImage = { url: string; width: number; height: number; alt: string };

export type PageMetaInput = {
  /** Page title without the school name, e.g. "Fee Structure". Home passes undefined. */
  title?: string;
  description: string;
  /** Path of the canonical URL, e.g. "/fee". */
  path: string;
  /** Site origin without a trailing slash (PUBLIC_SITE_URL). */
  siteUrl: string;
  /** Adds `noindex` (admin, payment results). */
  noindex?: boolean;
  keywords?: readonly string[];
  image?: SocialImage;
  /** Open Graph type: "article" for news. */
  type?: "website" | "article";
  /** ISO date for article:published_time. */
  publishedTime?: string;
  /** Breadcrumb trail from Home to this page; adds a BreadcrumbList. */
  crumbs?: readonly Crumb[];
  /** Further JSON-LD nodes (School, Article, Event, …). */
  jsonLd?: readonly Exclude<Thing, string>[];
};

/**
 * The title and description of a page listed in content/pages.ts, the one place they are written
 * (the route's meta, and its heading where the page shows one, read them from here). Throws
 * Error for a path the list does not hold.
 */
export function listedPage(path: string): { title: string; description: string; path: string } {
  const page = pageFor(path);
  if (!page) throw new Error(`No entry in content/pages.ts for ${path}`);
  return { title: page.title, description: page.description, path };
}

/** "Fee Structure | Kharagpur Vidya Academy", or the home title when `title` is absent. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${school.name}` : `${school.name} – CBSE School in Kharagpur, Nursery to Class XII`;
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const url = `${input.siteUrl}${input.path === "/" ? "/" : input.path}`;
  const image = input.image && { ...input.image, url: /^https?:/.test(input.image.url) ? input.image.url : `${input.siteUrl}${input.image.url}` };
  const nodes = [...(input.crumbs && input.crumbs.length > 1 ? [breadcrumbJsonLd(input.siteUrl, input.crumbs)] : []), ...(input.jsonLd ?? [])];
  return [
    { title },
    { name: "description", content: input.description },
    ...(input.keywords?.length ? [{ name: "keywords", content: input.keywords.join(", ") }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "News and events", href: `${input.siteUrl}/feed.xml` },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: school.name },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
          { property: "og:image:alt", content: image.alt },
        ]
      : []),
    ...(input.publishedTime ? [{ property: "article:published_time", content: input.publishedTime }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    ...(image ? [{ name: "twitter:image", content: image.url }, { name: "twitter:image:alt", content: image.alt }] : []),
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...jsonLdMeta(nodes),
  ];
}

/** The site origin that the root loader put in its data, for `meta` functions. */
export function siteUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}
