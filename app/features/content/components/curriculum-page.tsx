/** /curriculum: NEP 2020 stages and Class XI–XII streams (each also a schema.org Course). */
import type { Stage } from "#content/curriculum";
import type { ContentPage } from "../pages.server";
import { PageHeader } from "./page-header";
import { PageClosing } from "./content-page-view";

export function CurriculumPage({ page, stages }: { page: ContentPage; stages: readonly Stage[] }) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead} image={page.image} />
      <div className="mx-auto max-w-7xl px-5 py-10 sm:py-14">
        <section aria-labelledby="stages-title">
          <h2 id="stages-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Stages and streams</h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {stages.map((stage) => (
              <li key={stage.id} id={stage.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-xl font-bold text-slate-900">{stage.name}</h3>
                <p className="mt-1 text-sm font-semibold text-brand-700">{stage.nepStage}</p>
                <p className="mt-3 text-slate-700">{stage.description}</p>
                <h4 className="mt-4 text-sm font-bold tracking-wide text-slate-800 uppercase">Subjects</h4>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                  {stage.subjects.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
        <PageClosing page={page} narrow />
      </div>
    </>
  );
}
