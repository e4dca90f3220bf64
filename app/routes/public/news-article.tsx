/**
 * /news/<slug>: one published story (edited at /admin/content) with Article (and, for events,
 * Event) JSON-LD. Kept in memory by the server while it is visible; an unknown, unpublished or
 * not yet scheduled slug goes home with one 301 (SPEC §2),
 * keeping the query string (in-app, the unknown URL never enters the history; see not-found.tsx).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/news-article";
import { visibleNews, visibleNewsArticle } from "~/features/content/published.server";
import { renderInstant } from "~/lib/prerender";
import { socialImage } from "~/features/content/images.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { articleJsonLd, eventJsonLd, PUBLISHED_AT } from "~/features/content/structured-data";
import { formatDateRange, istDateTime } from "~/lib/dates";
import { NewsArticle } from "~/features/content/components/news-article";

export function loader({ params, request, context }: Route.LoaderArgs) {
  const now = renderInstant(context);
  const article = visibleNewsArticle(params.slug, now);
  if (!article) throw redirect(`/${new URL(request.url).search}`, 301);
  const eventLabel = article.event
    ? `When: ${formatDateRange(article.event.start.slice(0, 10), article.event.end?.slice(0, 10))}${article.event.start.length > 10 ? `, from ${article.event.start.slice(11)}` : ""}. Where: ${article.event.location ?? "the school campus"}.`
    : undefined;
  return {
    article: { ...article, eventLabel },
    crumbs: [
      { label: "Home", path: "/" },
      { label: article.title, path: article.href },
    ],
    more: visibleNews(now)
      .filter((n) => n.slug !== article.slug)
      .slice(0, 3)
      .map(({ html: _html, ...card }) => card),
    image: socialImage(),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const siteUrl = siteUrlFrom(matches);
  const { article } = data;
  return pageMeta({
    title: article.title,
    description: article.summary,
    path: article.href,
    siteUrl,
    keywords: [article.category === "Event" ? "school events Kharagpur" : "school news Kharagpur", article.title],
    type: "article",
    publishedTime: istDateTime(article.date, PUBLISHED_AT),
    image: data.image,
    crumbs: data.crumbs,
    jsonLd: [
      articleJsonLd(siteUrl, { headline: article.title, description: article.summary, path: article.href, datePublished: article.date, images: [data.image.url, article.picture.social] }),
      ...(article.event
        ? [eventJsonLd(siteUrl, { name: article.title, description: article.summary, start: article.event.start, end: article.event.end, locationName: article.event.location, path: article.href, image: article.picture.social })]
        : []),
    ],
  });
};

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  return <NewsArticle article={loaderData.article} crumbs={loaderData.crumbs} more={loaderData.more} />;
}
