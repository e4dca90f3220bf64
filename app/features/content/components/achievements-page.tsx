/** /achievements: board results of the last three years (from the disclosure) and other achievements. */
import type { ContentPage } from "../pages.server";
import type { DisclosureView } from "../disclosure";
import { PageHeader } from "./page-header";
import { PageClosing } from "./content-page-view";
import { TableScroll, td, th } from "./table-scroll";

type Results = { x: DisclosureView["resultsX"]; xii: DisclosureView["resultsXII"] };

export function AchievementsPage({ page, results, figures }: { page: ContentPage; results: Results; figures: { value: string; label: string }[] }) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead} image={page.image} />
      <div className="mx-auto max-w-5xl px-5 py-10 sm:py-14">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className="flex flex-col-reverse rounded-2xl bg-brand-50 p-5 text-center">
              <dt className="mt-1 text-sm font-medium text-slate-700">{f.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-800">{f.value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="board-results-title" className="mt-12">
          <h2 id="board-results-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">CBSE board results</h2>
          <TableScroll label="Board results table">
            <table className="w-full min-w-[19rem] border-collapse bg-white text-sm sm:text-base">
              <thead>
                <tr>
                  <th scope="col" className={th}>Year</th>
                  <th scope="col" className={th}>Class</th>
                  <th scope="col" className={th}>Registered</th>
                  <th scope="col" className={th}>Passed</th>
                  <th scope="col" className={th}>Pass %</th>
                </tr>
              </thead>
              <tbody>
                {[...results.x.map((r) => ({ ...r, cls: "X" })), ...results.xii.map((r) => ({ ...r, cls: "XII" }))]
                  .toSorted((a, b) => b.year - a.year || a.cls.localeCompare(b.cls))
                  .map((r) => (
                    <tr key={`${r.year}-${r.cls}`}>
                      <th scope="row" className={`${td} text-left font-semibold`}>{r.year}</th>
                      <td className={td}>Class {r.cls}</td>
                      <td className={td}>{r.registered}</td>
                      <td className={td}>{r.passed}</td>
                      <td className={td}>{r.percentage}%</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
        <PageClosing page={page} />
      </div>
    </>
  );
}
