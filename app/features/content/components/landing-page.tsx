/**
 * The local-search landing page /school-in-kharagpur (SPEC §2): '#1 RANKED' hero with Apply Now
 * and a call button that opens the enquiry form, ranked reasons, achievements, features,
 * five-star testimonials, the served localities, FAQs, a final call to action for the current
 * academic year, and a contact footer block.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Card, Faq, Testimonial } from "#content/landing";
import type { ContentPage } from "../pages.server";
import { Breadcrumbs } from "./breadcrumbs";

export type LandingData = {
  page: ContentPage;
  academicYear: string;
  figures: { value: string; label: string }[];
  reasons: Card[];
  features: Card[];
  testimonials: Testimonial[];
  areas: string[];
  faqs: Faq[];
  contact: { name: string; address: string; phones: { label: string; display: string; e164: string }[]; emails: string[]; hours: string };
};

const applyClass = "inline-flex min-h-12 items-center justify-center rounded-lg bg-accent-400 px-7 text-lg font-bold text-brand-900 shadow-lg hover:bg-accent-500";
const callClass = "inline-flex min-h-12 items-center justify-center rounded-lg border-2 border-white/80 px-6 text-lg font-bold text-white hover:bg-white/10";

function Stars({ label }: { label: string }) {
  return (
    <span role="img" aria-label={label} className="flex text-accent-500">
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} aria-hidden="true" focusable="false" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}

function Section({ id, title, intro, tinted, children }: { id: string; title: string; intro?: string; tinted?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={tinted ? "bg-brand-50" : "bg-white"}>
      <div className="mx-auto max-w-7xl px-5 py-12 sm:py-16">
        <h2 id={`${id}-title`} className="text-3xl font-extrabold text-balance text-brand-800 sm:text-4xl">{title}</h2>
        {intro && <p className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

function CallActions({ phone }: { phone?: { display: string; e164: string } }) {
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <Link to="/apply" className={applyClass}>Apply Now</Link>
      <a href="/enquire" data-open-enquiry="" className={callClass}>Call Now</a>
      {phone && (
        <a href={`tel:${phone.e164}`} className="font-semibold text-white underline sm:ml-2">
          or dial {phone.display}
        </a>
      )}
    </div>
  );
}

export function LandingPage({ data }: { data: LandingData }) {
  const { page, contact } = data;
  const phone = contact.phones[0];
  return (
    <>
      <div className="relative overflow-hidden bg-brand-900 text-white">
        <div aria-hidden="true" className="pointer-events-none absolute -top-32 -right-24 size-96 rounded-full bg-brand-700/60" />
        <div className="relative mx-auto max-w-7xl px-5 pt-8 pb-12 sm:pt-10 sm:pb-16">
          <Breadcrumbs crumbs={page.seo.crumbs} tone="dark" />
          <p className="mt-6 inline-block rounded-full bg-accent-400 px-4 py-1.5 text-sm font-extrabold tracking-widest text-brand-900">#1 RANKED</p>
          <h1 className="mt-4 max-w-4xl text-4xl leading-tight font-extrabold text-balance sm:text-5xl">{page.heading}</h1>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-slate-100 sm:text-xl">{page.lead}</p>
          <CallActions phone={phone} />
        </div>
      </div>

      <Section id="reasons" title="Why parents rank us #1">
        <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {data.reasons.map((r, i) => (
            <li key={r.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-brand-800 font-extrabold text-white">{i + 1}</span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{r.title}</h3>
              <p className="mt-2 text-slate-700">{r.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="achievements" title="Our achievements" tinted>
        <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {data.figures.map((f) => (
            <div key={f.label} className="flex flex-col-reverse rounded-2xl bg-white p-6 text-center shadow-sm">
              <dt className="mt-1 font-semibold text-slate-700">{f.label}</dt>
              <dd className="text-4xl font-extrabold text-brand-800">{f.value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="features" title="Everything your child needs, on one campus">
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {data.features.map((f) => (
            <li key={f.title} className="rounded-2xl bg-brand-50 p-6">
              <h3 className="text-lg font-bold text-brand-800">{f.title}</h3>
              <p className="mt-2 text-slate-700">{f.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="testimonials" title="What parents say" tinted>
        <ul className="mt-8 grid gap-5 lg:grid-cols-3">
          {data.testimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
                <Stars label={`${t.stars} out of 5 stars`} />
                <blockquote className="mt-3 flex-1 text-lg text-slate-800">“{t.quote}”</blockquote>
                <figcaption className="mt-4 text-sm text-slate-700">
                  <span className="font-bold text-slate-900">{t.name}</span>, {t.detail}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="areas" title="Serving families across Kharagpur" intro={`Our buses and families come from these ${data.areas.length} localities near Kharagpur.`}>
        <ul className="mt-6 flex flex-wrap gap-2.5">
          {data.areas.map((a) => (
            <li key={a} className="rounded-full border border-brand-100 bg-brand-50 px-4 py-2 font-semibold text-brand-800">{a}</li>
          ))}
        </ul>
      </Section>

      <Section id="faq" title="Frequently asked questions" tinted>
        <div className="mt-6 max-w-3xl space-y-3">
          {data.faqs.map((f) => (
            <details key={f.question} className="group rounded-xl bg-white p-5 shadow-sm">
              <summary className="cursor-pointer text-lg font-bold text-slate-900 marker:text-brand-700">{f.question}</summary>
              <p className="mt-3 text-slate-700">{f.answer}</p>
            </details>
          ))}
        </div>
      </Section>

      <section aria-labelledby="cta-title" className="bg-brand-800 text-white">
        <div className="mx-auto max-w-4xl px-5 py-14 text-center sm:py-20">
          <h2 id="cta-title" className="text-3xl font-extrabold text-balance sm:text-4xl">Limited seats for the academic year {data.academicYear}</h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-100">
            Seats in Nursery, Class 1, Class 6 and Class XI fill quickly. Apply online today, or call us and we will help you choose the right class.
          </p>
          <div className="flex justify-center">
            <CallActions phone={phone} />
          </div>
        </div>
      </section>

      <section aria-labelledby="visit-title" className="bg-brand-900 text-slate-100">
        <div className="mx-auto grid max-w-7xl gap-8 px-5 py-10 sm:grid-cols-3">
          <div>
            <h2 id="visit-title" className="text-lg font-bold text-white">Visit {contact.name}</h2>
            <address className="mt-2 not-italic">{contact.address}</address>
            <p className="mt-1">{contact.hours}</p>
          </div>
          <div>
            <h3 className="text-lg font-bold text-white">Phone</h3>
            <ul className="mt-2 space-y-1">
              {contact.phones.map((p) => (
                <li key={p.e164}>
                  {p.label}: <a href={`tel:${p.e164}`} className="font-semibold text-white underline">{p.display}</a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-lg font-bold text-white">E-mail</h3>
            <ul className="mt-2 space-y-1">
              {contact.emails.map((e) => (
                <li key={e}>
                  <a href={`mailto:${e}`} className="font-semibold break-all text-white underline">{e}</a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
