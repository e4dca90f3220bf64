/** News and events cards (SPEC §2); each card links to its article at /news/<slug>. */
import { Link } from "react-router";
import type { NewsItem } from "../markdown.server";

export function HomeNews({ items }: { items: NewsItem[] }) {
  return (
    <section aria-labelledby="news-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-5 py-14 sm:py-20">
        <h2 id="news-title" className="text-3xl font-extrabold text-brand-800 sm:text-4xl">News and events</h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">Results, celebrations and notices from our campus.</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.slug}>
              <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
                <img src={item.picture.src} srcSet={item.picture.srcSet || undefined} sizes={item.picture.srcSet ? "(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw" : undefined} alt={item.imageAlt} width={item.picture.width} height={item.picture.height} loading="lazy" decoding="async" className="aspect-[2/1] h-auto w-full object-cover sm:aspect-[16/10]" />
                <div className="flex flex-1 flex-col p-5">
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <span className={`rounded-full px-2.5 py-0.5 font-semibold ${item.category === "Event" ? "bg-amber-50 text-amber-800" : "bg-brand-50 text-brand-700"}`}>
                      {item.category}
                    </span>
                    <time dateTime={item.date}>{item.dateLabel}</time>
                  </p>
                  <h3 className="mt-3 text-lg leading-snug font-bold text-balance text-slate-900">
                    {/* The ::after overlay makes the whole card one link target without nesting links. */}
                    <Link to={item.href} className="after:absolute after:inset-0 group-hover:text-brand-700 group-hover:underline">
                      {item.title}
                    </Link>
                  </h3>
                  <p className="mt-2 text-slate-700">{item.summary}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
