/** The apply-now band at the foot of the home page (SPEC §2): the main route to /apply. */
import { Link } from "react-router";
import { school } from "#content/school";
import type { Callout } from "../markdown.server";

export function HomeApply({ callout }: { callout: Callout }) {
  const [phone] = school.phones;
  return (
    <section aria-labelledby="apply-title" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-4xl px-5 py-14 text-center sm:py-20">
        <h2 id="apply-title" className="text-3xl font-extrabold text-balance sm:text-4xl">{callout.title}</h2>
        <div className="mx-auto mt-4 max-w-2xl leading-relaxed text-slate-100 sm:text-lg" dangerouslySetInnerHTML={{ __html: callout.html }} />
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/apply" className="inline-flex h-12 items-center rounded-lg bg-accent-400 px-7 text-lg font-bold text-brand-900 shadow-lg hover:bg-accent-500">
            {callout.linkLabel}
          </Link>
          <Link to="/admissions-overview" className="inline-flex h-12 items-center rounded-lg border-2 border-white/80 px-6 font-semibold text-white hover:bg-white/10">
            How admission works
          </Link>
        </div>
        {phone && (
          <p className="mt-6 text-slate-200">
            Questions? Call our {phone.label.toLowerCase()} desk on{" "}
            <a href={`tel:${phone.e164}`} className="font-semibold whitespace-nowrap text-white underline">{phone.display}</a>
            {" "}({school.hours.days}, {school.hours.open}–{school.hours.close}).
          </p>
        )}
      </div>
    </section>
  );
}
