/** The four schools within the school, Nursery to Class XII (SPEC §2 "schools sections"). */
import { Link } from "react-router";
import type { SchoolStage } from "#content/home";

export function HomeSchools({ stages }: { stages: SchoolStage[] }) {
  return (
    <section aria-labelledby="schools-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-5 py-14 sm:py-20">
        <h2 id="schools-title" className="text-3xl font-extrabold text-brand-800 sm:text-4xl">Our schools, Nursery to Class XII</h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">
          Four stages on one campus, each with its own teachers and rooms, all following the CBSE curriculum and the stages of NEP 2020.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {stages.map((stage) => (
            <li key={stage.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <img src={stage.image} alt={stage.imageAlt} width={160} height={120} loading="lazy" decoding="async" className="h-24 w-32 rounded-xl" />
              <h3 className="mt-5 text-xl font-bold text-slate-900">{stage.name}</h3>
              <p className="mt-1 font-semibold text-brand-700">
                {stage.classes} <span className="font-normal text-slate-700">· {stage.ages}</span>
              </p>
              <p className="mt-3 text-slate-700">{stage.description}</p>
              <ul className="mt-4 space-y-1.5 text-sm text-slate-800">
                {stage.highlights.map((h) => (
                  <li key={h} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent-500" />
                    {h}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <Link to="/curriculum" className="mt-10 inline-flex h-12 items-center gap-2 rounded-lg border-2 border-brand-700 px-6 font-semibold text-brand-700 hover:bg-brand-50">
          Explore our CBSE curriculum <span aria-hidden="true">→</span>
        </Link>
      </div>
    </section>
  );
}
