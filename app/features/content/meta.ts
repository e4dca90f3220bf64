/**
 * Page <head> tags: title, description, canonical URL from PUBLIC_SITE_URL, Open Graph and
 * Twitter fields. Returns React Router `meta` descriptors.
 */
import type { MetaDescriptor } from "react-router";
import { school } from "#content/school";

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
};

/** "Fee Structure | Kharagpur Vidya Academy", or the home title when `title` is absent. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${school.name}` : `${school.name} – CBSE School in Kharagpur, Nursery to Class XII`;
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const url = `${input.siteUrl}${input.path === "/" ? "/" : input.path}`;
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: school.name },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** The site origin that the root loader put in its data, for `meta` functions. */
export function siteUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}
