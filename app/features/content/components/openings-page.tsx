/** /openings: each current job opening with role, subject, qualification, how to apply and closing date. */
import type { OpeningView } from "../openings";
import type { ContentPage } from "../pages.server";
import { PageHeader } from "./page-header";
import { PageClosing } from "./content-page-view";
import { buttonClass } from "~/components/button";

export function OpeningsPage({ page, openings, email }: { page: ContentPage; openings: readonly OpeningView[]; email: string }) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead} />
      <div className="mx-auto max-w-5xl px-5 py-10 sm:py-14">
        <h2 className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Open positions</h2>
        {openings.length > 0 ? (
          <ul className="mt-6 space-y-6">
            {openings.map((o) => (
              <li key={o.id}>
                <article aria-labelledby={`${o.id}-title`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <h3 id={`${o.id}-title`} className="text-xl font-bold text-slate-900">{o.role}</h3>
                  <p className="mt-1 font-semibold text-brand-700">{o.type}</p>
                  <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-[auto_1fr]">
                    <dt className="font-semibold text-slate-900">Subject</dt>
                    <dd className="text-slate-700">{o.subject}</dd>
                    <dt className="font-semibold text-slate-900">Qualification</dt>
                    <dd className="text-slate-700">
                      <ul className="list-disc space-y-1 pl-5">
                        {o.qualifications.map((q) => (
                          <li key={q}>{q}</li>
                        ))}
                      </ul>
                    </dd>
                    <dt className="font-semibold text-slate-900">Experience</dt>
                    <dd className="text-slate-700">{o.experience}</dd>
                    <dt className="font-semibold text-slate-900">How to apply</dt>
                    <dd className="text-slate-700">{o.howToApply}</dd>
                    <dt className="font-semibold text-slate-900">Closing date</dt>
                    <dd className="font-semibold text-slate-900">
                      <time dateTime={o.closingDate}>{o.closingLabel}</time>
                    </dd>
                  </dl>
                  <a
                    href={`mailto:${email}?subject=${encodeURIComponent(`Application: ${o.role}`)}`}
                    className={buttonClass({ size: "touch", disabledLook: "none", className: "mt-5 inline-flex items-center" })}
                  >
                    Apply by e-mail<span className="sr-only"> for {o.role}</span>
                  </a>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded-2xl bg-brand-50 p-6 text-lg text-slate-700">
            There are no openings at the moment. You are welcome to send your CV to <a className="font-semibold text-brand-700 underline" href={`mailto:${email}`}>{email}</a>; we keep it on file for a year.
          </p>
        )}
        <PageClosing page={page} />
      </div>
    </>
  );
}
