/** /school-brochure: what the brochure contains and the download link. */
import type { ContentPage } from "../pages.server";
import { PageHeader } from "./page-header";
import { PageClosing } from "./content-page-view";

type Props = { page: ContentPage; pdf: { href: string; sizeLabel: string; fileName: string }; contents: string[] };

export function BrochurePage({ page, pdf, contents }: Props) {
  return (
    <>
      <PageHeader crumbs={page.seo.crumbs} heading={page.heading} lead={page.lead} image={page.image}>
        <a
          href={pdf.href}
          download={pdf.fileName}
          className="mt-6 inline-flex min-h-12 items-center gap-2 rounded-lg bg-brand-700 px-6 py-2.5 text-base font-bold text-white hover:bg-brand-800 sm:text-lg"
        >
          Download the brochure (PDF, {pdf.sizeLabel})
        </a>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-5 py-10 sm:py-14">
        <h2 className="text-2xl font-extrabold text-brand-800 sm:text-3xl">What is inside</h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-lg text-slate-700">
          {contents.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <PageClosing page={page} />
      </div>
    </>
  );
}
