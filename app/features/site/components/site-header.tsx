/**
 * The fixed header (SPEC §2): school name with CBSE affiliation number and school code, the
 * Inspire / Empower / Transform / Achieve section links, Apply Now, Mandatory Disclosure and
 * the menu button. Markup only: the chrome script (../chrome/index.ts) opens the menu and,
 * on the home page, scrolls to a section smoothly; elsewhere a section link loads the home
 * page at that section (72 px below the top: `scroll-padding-top` in app.css).
 */
import { school } from "#content/school";
import { sectionLinks } from "#content/navigation";
import { MenuIcon } from "./icons";
import { SIDE_MENU_ID } from "../chrome/ids";
import { SideMenu } from "./side-menu";
import { ConstantMarkup } from "~/lib/constant-markup";

export function SiteHeader() {
  return (
    <ConstantMarkup as="header" constantKey="site-header" className="fixed inset-x-0 top-0 z-40 h-[72px] border-b border-brand-900/10 bg-white/95 shadow-sm backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-3 sm:px-5">
        <a href="/" className="flex min-w-0 items-center gap-2.5">
          <img src="/favicon.svg" alt="" width="44" height="44" className="size-11 shrink-0" />
          <span className="min-w-0">
            <span className="block truncate text-base font-extrabold leading-tight text-brand-800 sm:text-lg">
              {school.name}
            </span>
            <span className="block truncate text-[11px] font-medium leading-tight text-slate-700 sm:text-xs">
              CBSE Affiliation No. {school.affiliationNo} · School Code {school.schoolCode}
            </span>
          </span>
        </a>
        <nav aria-label="Sections" className="ml-auto hidden xl:block">
          <ul className="flex items-center gap-1">
            {sectionLinks.map((s) => (
              <li key={s.id}>
                <a
                  href={`/#${s.id}`}
                  data-section-link={s.id}
                  className="rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-2 xl:ml-2">
          <a href="/apply" className="hidden rounded-lg bg-accent-400 px-4 py-2 text-sm font-bold text-brand-900 hover:bg-accent-500 lg:inline-block">
            Apply Now
          </a>
          <a href="/mandatory-disclosure" className="hidden rounded-lg border-2 border-brand-700 px-3 py-1.5 text-sm font-bold text-brand-700 hover:bg-brand-50 lg:inline-block">
            Mandatory Disclosure
          </a>
          <button
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded="false"
            aria-controls={SIDE_MENU_ID}
            data-opens-dialog=""
            className="rounded-lg p-2.5 text-brand-800 hover:bg-brand-50"
          >
            <MenuIcon className="size-7" />
          </button>
        </div>
      </div>
      <SideMenu />
    </ConstantMarkup>
  );
}
