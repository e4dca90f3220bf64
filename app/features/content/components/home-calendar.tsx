/** The next dates of the school calendar (SPEC §2), chosen and formatted by the loader. */
import type { CalendarCategory } from "#content/calendar";
import type { CalendarEntry } from "../calendar";

const chip: Record<CalendarCategory, string> = {
  admissions: "bg-violet-50 text-violet-800",
  exam: "bg-red-50 text-red-800",
  holiday: "bg-emerald-50 text-emerald-800",
  event: "bg-amber-50 text-amber-800",
  meeting: "bg-sky-50 text-sky-800",
};

export function HomeCalendar({ entries, sessionLabel }: { entries: CalendarEntry[]; sessionLabel: string }) {
  return (
    <section aria-labelledby="calendar-title" className="bg-brand-50">
      <div className="mx-auto max-w-7xl px-5 py-14 sm:py-20">
        <h2 id="calendar-title" className="text-3xl font-extrabold text-brand-800 sm:text-4xl">School calendar</h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          Coming up in session {sessionLabel}. Festival holidays follow the West Bengal calendar; CBSE dates follow the board's date sheet.
        </p>
        {entries.length > 0 ? (
          <ol className="mt-10 grid gap-4 md:grid-cols-2">
            {entries.map((entry) => (
              <li key={entry.start + entry.title} className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100">
                <div aria-hidden="true" className="grid w-16 shrink-0 place-items-center rounded-xl bg-brand-800 py-2 text-white">
                  <span className="text-2xl leading-none font-extrabold">{entry.badge.day}</span>
                  <span className="mt-1 text-xs font-semibold tracking-wider uppercase">{entry.badge.month}</span>
                </div>
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{entry.title}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <time dateTime={entry.start}>{entry.dateLabel}</time>
                    {entry.tentative && <span>(tentative)</span>}
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${chip[entry.category]}`}>{entry.categoryLabel}</span>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-8 rounded-2xl bg-white p-5 text-slate-700">The calendar for the next session will be published here soon.</p>
        )}
      </div>
    </section>
  );
}
