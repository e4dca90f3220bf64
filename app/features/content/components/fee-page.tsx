/** /fee: the fee book's heads per class group, bus, late fee and concessions, the application fee and age criteria, then the page's prose. */
import type { FeeFigures } from "../fees";
import type { ContentPage } from "../pages.server";
import { PageHeader } from "./page-header";
import { PageClosing } from "./content-page-view";
import { TableScroll, td, th } from "./table-scroll";

const h2 = "text-2xl font-extrabold text-brand-800 sm:text-3xl";
const list = "mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm";
const row = "flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 px-4 py-3";

export function FeePage({ page, fees }: { page: ContentPage; fees: FeeFigures }) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead} />
      <div className="mx-auto max-w-5xl px-5 py-10 sm:py-14">
        <section aria-labelledby="fee-table-title">
          <h2 id="fee-table-title" className={h2}>
            Fee structure{fees.session && <>, session <span className="whitespace-nowrap">{fees.session}</span></>}
          </h2>
          {fees.notice && <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-lg text-amber-900">{fees.notice}</p>}
          {fees.noBook && (
            <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-lg text-amber-900">
              {fees.noBook.text}{" "}
              <a href={`tel:${fees.noBook.tel}`} className="font-semibold whitespace-nowrap text-brand-800 underline">
                {fees.noBook.phone}
              </a>
              .
            </p>
          )}
          {fees.groups.length > 0 && (
            <TableScroll label="Fee structure table">
              <table className="w-full min-w-[20rem] border-collapse bg-white text-base">
                <thead>
                  <tr>
                    <th scope="col" className={th}>Class</th>
                    <th scope="col" className={th}>Fees</th>
                    <th scope="col" className={`${th} text-right`}>First year in all</th>
                  </tr>
                </thead>
                <tbody>
                  {fees.groups.map((group) => (
                    <tr key={group.label}>
                      <th scope="row" className={`${td} text-left font-semibold`}>{group.label.replaceAll(" – ", "\u00a0– ")}</th>
                      <td className={td}>
                        <ul className="space-y-1">
                          {group.heads.map((head) => (
                            <li key={head.name}>
                              {head.name}: <span className="font-semibold whitespace-nowrap">{head.amount}</span> <span className="whitespace-nowrap text-slate-700">{head.per}</span>
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className={`${td} text-right font-semibold whitespace-nowrap`}>{group.firstYearTotal}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {fees.groups.length > 0 && (
            <p className="mt-3 text-sm text-slate-700">
              First year in all: every head for a child who joins in April (monthly heads twelve times, quarterly four times, yearly and one-time heads once), without bus fee or concessions. Books and uniform are bought separately.
            </p>
          )}
          {fees.dueAndLate && <p className="mt-3 text-lg text-slate-800">{fees.dueAndLate}</p>}
        </section>

        {fees.bus.length > 0 && (
          <section aria-labelledby="bus-title" className="mt-12">
            <h2 id="bus-title" className={h2}>School bus</h2>
            <ul className={list}>
              {fees.bus.map((stop) => (
                <li key={stop.name} className={row}>
                  <span className="font-medium text-slate-900">{stop.name}</span>
                  <span className="font-semibold whitespace-nowrap text-slate-900">
                    {stop.amount} <span className="font-normal text-slate-700">{stop.per}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {(fees.concessions.length > 0 || fees.applicationFee) && (
          <section aria-labelledby="other-charges-title" className="mt-12">
            <h2 id="other-charges-title" className={h2}>
              {fees.applicationFee && fees.concessions.length > 0 ? "Application fee and concessions" : fees.applicationFee ? "Application fee" : "Concessions"}
            </h2>
            <ul className={list}>
              {fees.applicationFee && (
                <li className={row}>
                  <span className="font-medium text-slate-900">Application fee, paid with the online form</span>
                  <span className="font-semibold whitespace-nowrap text-slate-900">
                    {fees.applicationFee} <span className="font-normal text-slate-700">once</span>
                  </span>
                </li>
              )}
              {fees.concessions.map((c) => (
                <li key={c.name} className={row}>
                  <span className="font-medium text-slate-900">{c.name}</span>
                  <span className="text-slate-800">{c.text}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        {fees.cutoffLabel && (
          <section aria-labelledby="age-title" className="mt-12">
            <h2 id="age-title" className={h2}>
              Age criteria for session <span className="whitespace-nowrap">{fees.admissionSession}</span>
            </h2>
            <p className="mt-3 text-lg text-slate-700">Age as on {fees.cutoffLabel}.</p>
            <TableScroll label="Age criteria table">
              <table className="w-full min-w-[32rem] border-collapse bg-white text-base">
                <thead>
                  <tr>
                    <th scope="col" className={th}>Class</th>
                    <th scope="col" className={th}>Minimum age</th>
                    <th scope="col" className={th}>Date of birth between</th>
                    <th scope="col" className={th}>Basis</th>
                  </tr>
                </thead>
                <tbody>
                  {fees.ages.map((a) => (
                    <tr key={a.className}>
                      <th scope="row" className={`${td} text-left font-semibold`}>{a.className}</th>
                      <td className={td}>{a.minimumAge}+ years</td>
                      <td className={td}>
                        <time dateTime={a.bornFrom}>{a.bornFromLabel}</time> and <time dateTime={a.bornTo}>{a.bornToLabel}</time>
                      </td>
                      <td className={`${td} text-sm`}>{a.basis}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
        )}

        <PageClosing page={page} />
      </div>
    </>
  );
}
