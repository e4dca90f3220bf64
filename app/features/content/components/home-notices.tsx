/** The notices current today (issue 28), on the home page above the news: each with its dates and text. */
import type { NoticeView } from "../published.server";
import { Prose } from "./prose";

export function HomeNotices({ notices }: { notices: readonly Pick<NoticeView, "slug" | "title" | "untilLabel" | "html">[] }) {
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="notices-title" className="bg-amber-50/60">
      <div className="mx-auto max-w-7xl px-5 py-10 sm:py-14">
        <h2 id="notices-title" className="text-2xl font-extrabold text-brand-800 sm:text-3xl">Notices</h2>
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {notices.map((n) => (
            <li key={n.slug} id={`notice-${n.slug}`} className="scroll-mt-28 rounded-2xl border border-amber-200 bg-white p-5 shadow-sm">
              <h3 className="text-lg font-bold text-slate-900">{n.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{n.untilLabel}</p>
              {n.html && <Prose html={n.html} className="mt-3" />}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
