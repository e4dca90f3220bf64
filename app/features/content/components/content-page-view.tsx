/**
 * The template of Markdown-driven pages (overview, vision, leadership messages, section pages,
 * admissions, policies): header, highlight cards, the speaker of a message, the body, pictures
 * and related links.
 */
import { Link } from "react-router";
import type { ContentPage } from "../pages.server";
import { PageHeader } from "./page-header";
import { Picture } from "./picture";
import { Prose } from "./prose";

export function ContentPageView({ page }: { page: ContentPage }) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead} image={page.image} />
      <div className="mx-auto max-w-7xl px-5 py-10 sm:py-14">
        {page.highlights.length > 0 && <Highlights items={page.highlights} />}
        <div className={page.person ? "grid gap-10 lg:grid-cols-[18rem_1fr]" : "mx-auto max-w-3xl"}>
          {page.person && (
            <figure className="h-fit rounded-3xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-24">
              <Picture image={page.person.image} priority sizes="(min-width: 1024px) 248px, 60vw" className="mx-auto h-auto w-full max-w-44 rounded-2xl sm:max-w-60" />
              <figcaption className="mt-4 text-center">
                <span className="block text-lg font-bold text-slate-900">{page.person.name}</span>
                <span className="block font-semibold text-brand-700">{page.person.role}</span>
                {page.person.qualification && <span className="mt-1 block text-sm text-slate-700">{page.person.qualification}</span>}
              </figcaption>
            </figure>
          )}
          <Prose html={page.html} className={page.person ? "max-w-3xl" : ""} />
        </div>
        {page.pictures.length > 0 && <PictureGrid pictures={page.pictures} />}
        {page.related.length > 0 && <RelatedLinks links={page.related} />}
      </div>
    </>
  );
}

export function Highlights({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="mb-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
          <p className="text-lg font-bold text-brand-800">{item.title}</p>
          <p className="mt-2 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function PictureGrid({ pictures }: { pictures: ContentPage["pictures"] }) {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {pictures.map((p) => (
        <li key={p.src}>
          <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <Picture image={p} sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" className="aspect-[3/2] h-auto w-full object-cover" />
            <figcaption className="p-4 text-slate-700">{p.caption}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** The end of a page: its Markdown body (a centred column when `narrow`) and its related links. */
export function PageClosing({ page, narrow = false }: { page: ContentPage; narrow?: boolean }) {
  return (
    <>
      <div className={narrow ? "mx-auto mt-12 max-w-3xl" : "mt-12"}>
        <Prose html={page.html} />
      </div>
      <RelatedLinks links={page.related} />
    </>
  );
}

function RelatedLinks({ links }: { links: readonly { label: string; to: string }[] }) {
  return (
    <nav aria-label="Related pages" className="mx-auto mt-14 max-w-3xl rounded-2xl bg-brand-50 p-6">
      <h2 className="text-xl font-bold text-brand-800">Where to next</h2>
      <ul className="mt-4 flex flex-wrap gap-3">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="inline-flex min-h-11 items-center rounded-lg border-2 border-brand-700 bg-white px-4 font-semibold text-brand-700 hover:bg-brand-100">
              {l.label} <span aria-hidden="true" className="ml-2">→</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
