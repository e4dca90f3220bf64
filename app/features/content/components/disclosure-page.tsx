/** /mandatory-disclosure in the order of CBSE Appendix IX: sections A to E. */
import type { ReactNode } from "react";
import type { DisclosureView, Row } from "../disclosure";
import type { ContentPage } from "../pages.server";
import { PageHeader } from "./page-header";
import { Prose } from "./prose";
import { TableScroll, td, th } from "./table-scroll";

function Section({ id, letter, title, children }: { id: string; letter: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-12 first:mt-0">
      <h2 id={`${id}-title`} className="text-2xl font-extrabold text-brand-800 sm:text-3xl">
        <span className="mr-2 text-accent-600">{letter}:</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function SampleMark() {
  return <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900 uppercase">Sample</span>;
}

/** A two-column table of Appendix IX items: S.No., information, details. */
function InfoTable({ label, rows }: { label: string; rows: readonly Row[] }) {
  return (
    <TableScroll label={label}>
      <table className="w-full min-w-[20rem] border-collapse bg-white text-base">
        <thead>
          <tr>
            <th scope="col" className={`${th} w-12`}>S.No.</th>
            <th scope="col" className={th}>Information</th>
            <th scope="col" className={th}>Details</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.label}>
              <td className={td}>{i + 1}</td>
              <th scope="row" className={`${td} text-left font-medium`}>{row.label}</th>
              <td className={`${td} break-words`}>
                {row.href ? <a href={row.href} className="font-semibold text-brand-700 underline hover:text-brand-900">{row.value}</a> : row.value}
                {row.sample && <SampleMark />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function ResultTable({ id, title, rows }: { id: string; title: string; rows: DisclosureView["resultsX"] }) {
  return (
    <div className="mt-6">
      <h3 id={id} className="text-xl font-bold text-slate-900">{title}</h3>
      <TableScroll label={`${title} table`}>
        <table className="w-full min-w-[30rem] border-collapse bg-white text-base">
          <thead>
            <tr>
              <th scope="col" className={th}>S.No.</th>
              <th scope="col" className={th}>Year</th>
              <th scope="col" className={th}>No. of registered students</th>
              <th scope="col" className={th}>No. of students passed</th>
              <th scope="col" className={th}>Pass percentage</th>
              <th scope="col" className={th}>Remarks</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.year}>
                <td className={td}>{i + 1}</td>
                <th scope="row" className={`${td} text-left font-semibold`}>{r.year}</th>
                <td className={td}>{r.registered}</td>
                <td className={td}>{r.passed}</td>
                <td className={td}>{r.percentage}%</td>
                <td className={td}>{r.remarks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

function MemberList({ id, title, members }: { id: string; title: string; members: readonly { name: string; designation: string }[] }) {
  return (
    <div className="mt-6" id={id.replace(/-title$/, "")}>
      <h3 id={id} className="text-xl font-bold text-slate-900">{title}</h3>
      <TableScroll label={`${title} table`}>
        <table className="w-full min-w-[20rem] border-collapse bg-white text-base">
          <thead>
            <tr>
              <th scope="col" className={th}>Name</th>
              <th scope="col" className={th}>Designation</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.name + m.designation}>
                <th scope="row" className={`${td} text-left font-medium`}>{m.name}</th>
                <td className={td}>{m.designation}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

export function DisclosurePage({ page, view }: { page: ContentPage; view: DisclosureView }) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead}>
        <p className="mt-3 text-sm text-slate-700">Last updated: {view.updatedLabel}</p>
      </PageHeader>
      <div className="mx-auto max-w-5xl px-5 py-10 sm:py-14">
        <Prose html={page.html} className="mb-10" />
        <Section id="general" letter="A" title="General information">
          <InfoTable label="General information table" rows={view.general} />
        </Section>
        <Section id="documents" letter="B" title="Documents and information">
          <p className="mt-3 text-slate-700">
            Self-attested copies uploaded by the school. Items marked <SampleMark /> are placeholders until the school uploads its document.
          </p>
          <TableScroll label="Documents table">
            <table className="w-full min-w-[20rem] border-collapse bg-white text-base">
              <thead>
                <tr>
                  <th scope="col" className={`${th} w-12`}>S.No.</th>
                  <th scope="col" className={th}>Documents and information</th>
                  <th scope="col" className={th}>Upload documents</th>
                </tr>
              </thead>
              <tbody>
                {view.documents.map((d, i) => (
                  <tr key={d.label}>
                    <td className={td}>{i + 1}</td>
                    <th scope="row" className={`${td} text-left font-medium`}>{d.label}</th>
                    <td className={td}>
                      <a href={d.href} className="font-semibold whitespace-nowrap text-brand-700 underline hover:text-brand-900">
                        View (PDF)<span className="sr-only">: {d.label}</span>
                      </a>
                      {d.sample && <SampleMark />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Section>
        <Section id="academics" letter="C" title="Result and academics">
          <InfoTable label="Result and academics table" rows={view.academics} />
          <MemberList id="smc-title" title="School Management Committee (SMC)" members={view.smc} />
          <MemberList id="pta-title" title="Parents Teachers Association (PTA)" members={view.pta} />
          <div id="results">
            <ResultTable id="results-x" title="Result of Class X" rows={view.resultsX} />
            <ResultTable id="results-xii" title="Result of Class XII" rows={view.resultsXII} />
          </div>
        </Section>
        <Section id="staff" letter="D" title="Staff (teaching)">
          <InfoTable label="Staff table" rows={view.staff} />
        </Section>
        <Section id="infrastructure" letter="E" title="School infrastructure">
          <InfoTable label="Infrastructure table" rows={view.infrastructure} />
        </Section>
      </div>
    </>
  );
}
