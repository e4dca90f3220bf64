/** A news or event article at /news/<slug>: breadcrumbs, date, picture and body. */
import { Link } from "react-router";
import type { NewsItem } from "../markdown.server";
import type { Crumb } from "../structured-data";
import { Breadcrumbs } from "./breadcrumbs";
import { Prose } from "./prose";

type Props = { article: NewsItem & { html: string; eventLabel?: string }; crumbs: readonly Crumb[]; more: readonly NewsItem[] };

export function NewsArticle({ article, crumbs, more }: Props) {
  return (
    <article>
      <header className="border-b border-brand-100 bg-brand-50">
        <div className="mx-auto grid max-w-7xl gap-8 px-5 py-8 sm:py-12 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div className="min-w-0">
            <Breadcrumbs crumbs={crumbs} />
            <p className="mt-4 flex flex-wrap items-center gap-2 text-slate-700">
              <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${article.category === "Event" ? "bg-amber-100 text-amber-900" : "bg-white text-brand-700"}`}>{article.category}</span>
              <time dateTime={article.date}>{article.dateLabel}</time>
            </p>
            <h1 className="mt-3 text-3xl leading-tight font-extrabold text-balance text-brand-800 sm:text-4xl">{article.title}</h1>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{article.summary}</p>
            {article.eventLabel && <p className="mt-3 font-semibold text-slate-900">{article.eventLabel}</p>}
          </div>
          <img src={article.picture.src} srcSet={article.picture.srcSet || undefined} sizes={article.picture.srcSet ? "(min-width: 1024px) 512px, 100vw" : undefined} alt={article.imageAlt} width={article.picture.width} height={article.picture.height} fetchPriority="high" className="h-auto w-full max-w-lg rounded-3xl shadow-lg" />
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-5 py-10 sm:py-14">
        <Prose html={article.html} />
        {more.length > 0 && (
          <nav aria-label="More news and events" className="mt-14 border-t border-slate-200 pt-8">
            <h2 className="text-xl font-bold text-brand-800">More news and events</h2>
            <ul className="mt-4 space-y-3">
              {more.map((item) => (
                <li key={item.slug}>
                  <Link to={item.href} className="font-semibold text-brand-700 underline hover:text-brand-900">{item.title}</Link>{" "}
                  <span className="text-slate-700">
                    (<time dateTime={item.date}>{item.dateLabel}</time>)
                  </span>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </article>
  );
}
