/** /faculty: staff numbers (from the mandatory disclosure), co-ordinators and departments. */
import type { Coordinator, Department } from "#content/faculty";
import type { ContentPage } from "../pages.server";
import { PageHeader } from "./page-header";
import { PageClosing } from "./content-page-view";

type Props = { page: ContentPage; counts: { label: string; value: string }[]; coordinators: readonly Coordinator[]; departments: readonly Department[] };

export function FacultyPage({ page, counts, coordinators, departments }: Props) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead} />
      <div className="mx-auto max-w-7xl px-5 py-10 sm:py-14">
        <section aria-labelledby="numbers-title">
          <h2 id="numbers-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Our teachers in numbers</h2>
          <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {counts.map((c) => (
              <div key={c.label} className="flex flex-col-reverse rounded-2xl bg-brand-50 p-5 text-center">
                <dt className="mt-1 text-sm font-medium text-slate-700">{c.label}</dt>
                <dd className="text-3xl font-extrabold text-brand-800">{c.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="coordinators-title" className="mt-12">
          <h2 id="coordinators-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Co-ordinators and support</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {coordinators.map((c) => (
              <li key={c.name} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <p className="text-lg font-bold text-slate-900">{c.name}</p>
                <p className="font-semibold text-brand-700">{c.role}</p>
                <p className="mt-1 text-sm text-slate-700">{c.qualification}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="departments-title" className="mt-12">
          <h2 id="departments-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Departments</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {departments.map((d) => (
              <li key={d.name} className="rounded-2xl bg-brand-50 p-5">
                <h3 className="text-lg font-bold text-brand-800">{d.name}</h3>
                <p className="mt-2 text-slate-700">{d.description}</p>
              </li>
            ))}
          </ul>
        </section>
        <PageClosing page={page} narrow />
      </div>
    </>
  );
}
