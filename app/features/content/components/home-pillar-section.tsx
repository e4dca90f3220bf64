/**
 * One of the Inspire / Empower / Transform / Achieve sections (SPEC §2). The header nav scrolls
 * to its id with a 72 px offset (`scroll-padding-top` in app.css); the body is trusted, server-rendered
 * Markdown from content/home/<id>.md.
 */
import type { HomeSection } from "../markdown.server";
import { ButtonLink } from "~/components/button";

export function HomePillarSection({ section, index }: { section: HomeSection; index: number }) {
  const tinted = index % 2 === 1;
  const titleId = `${section.id}-title`;
  return (
    <section id={section.id} aria-labelledby={titleId} className={tinted ? "bg-brand-50" : "bg-white"}>
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-5 py-14 sm:py-20 lg:grid-cols-2 lg:gap-16">
        <div className={tinted ? "lg:order-2" : undefined}>
          <h2 id={titleId} className="text-3xl leading-tight font-extrabold text-balance text-brand-800 sm:text-4xl">
            <span className="mb-3 block w-fit rounded-full bg-accent-400 px-3 py-1 text-sm font-bold tracking-widest text-brand-900 uppercase">
              {section.eyebrow}
              <span className="sr-only">: </span>
            </span>
            {section.title}
          </h2>
          <div
            className="mt-5 space-y-4 text-lg leading-relaxed text-slate-700 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline"
            dangerouslySetInnerHTML={{ __html: section.html }}
          />
          <ul className="mt-6 space-y-2.5">
            {section.highlights.map((item) => (
              <li key={item} className="flex gap-3 font-medium text-slate-800">
                <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="mt-0.5 size-6 shrink-0 text-emerald-700" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
                  <circle cx="12" cy="12" r="10" strokeWidth={2} />
                  <path d="m8 12 3 3 5-6" />
                </svg>
                {item}
              </li>
            ))}
          </ul>
          {/* h-12 fixes the height, so the size's vertical padding only centres the text. */}
          <ButtonLink to={section.link.to} size="xl" className="mt-8 inline-flex h-12 items-center gap-2">
            {section.link.label}
            <span aria-hidden="true">→</span>
          </ButtonLink>
        </div>
        <img
          src={section.image}
          alt={section.imageAlt}
          width={640}
          height={480}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-3xl shadow-lg"
        />
      </div>
    </section>
  );
}
