/** /fee: fee structure per class, other charges and age criteria, then the page's prose. */
import type { FeeTables } from "../fees";
import type { ContentPage } from "../pages.server";
import { PageHeader } from "./page-header";
import { PageClosing } from "./content-page-view";
import { TableScroll, td, th } from "./table-scroll";

const per = { "one-time": "once", year: "a year", month: "a month", quarter: "a quarter" } as const;

export function FeePage({ page, fees }: { page: ContentPage; fees: FeeTables }) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead} />
      <div className="mx-auto max-w-5xl px-5 py-10 sm:py-14">
        <section aria-labelledby="fee-table-title">
          <h2 id="fee-table-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Fee structure, session {fees.session}</h2>
          <TableScroll label="Fee structure table">
            <table className="w-full min-w-[36rem] border-collapse bg-white text-base">
              <thead>
                <tr>
                  <th scope="col" className={th}>Class</th>
                  <th scope="col" className={th}>Admission fee (once)</th>
                  <th scope="col" className={th}>Annual charges</th>
                  <th scope="col" className={th}>Tuition per month</th>
                  <th scope="col" className={th}>Tuition per quarter</th>
                  <th scope="col" className={th}>First year in all</th>
                </tr>
              </thead>
              <tbody>
                {fees.classes.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className={`${td} text-left font-semibold`}>{row.label}</th>
                    <td className={td}>{row.admissionFee}</td>
                    <td className={td}>{row.annualCharges}</td>
                    <td className={td}>{row.monthlyTuition}</td>
                    <td className={td}>{row.quarterlyTuition}</td>
                    <td className={`${td} font-semibold`}>{row.firstYearTotal}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <p className="mt-3 text-sm text-slate-700">
            Annual charges cover activities, laboratories, sports, the student diary and accident insurance. Books and uniform are bought separately at the school counter or from any shop.
          </p>
        </section>

        <section aria-labelledby="other-charges-title" className="mt-12">
          <h2 id="other-charges-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Other charges</h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
            {fees.other.map((o) => (
              <li key={o.label} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 px-4 py-3">
                <span className="font-medium text-slate-900">
                  {o.label}
                  {o.note && <span className="block text-sm font-normal text-slate-700">{o.note}</span>}
                </span>
                <span className="font-semibold whitespace-nowrap text-slate-900">
                  {o.amount} <span className="font-normal text-slate-700">{per[o.per]}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="age-title" className="mt-12">
          <h2 id="age-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Age criteria for session {fees.session}</h2>
          <p className="mt-3 text-lg text-slate-700">Age as on {fees.cutoffLabel} (31 March of the session year).</p>
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

        <PageClosing page={page} />
      </div>
    </>
  );
}
