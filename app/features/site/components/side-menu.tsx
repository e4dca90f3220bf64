/**
 * The slide-in side menu (SPEC §2 "Header and menu"): collapsible groups, one open at a time;
 * on small screens also the Apply Now and Mandatory Disclosure buttons. Markup only: the chrome
 * script opens it from the header's menu button and opens one group at a time
 * (../chrome/index.ts), so every page carries it without React.
 */
import { menuGroups } from "#content/navigation";
import { SIDE_MENU_ID } from "../chrome/ids";
import { ModalDialog } from "./modal-dialog";
import { ChevronIcon } from "./icons";

export function SideMenu() {
  return (
    <ModalDialog
      id={SIDE_MENU_ID}
      title="Menu"
      closeLabel="Close menu"
      className="side-menu m-0 ml-auto h-dvh max-h-dvh w-[min(22rem,100vw)] max-w-none overflow-y-auto bg-white p-0 text-slate-900 shadow-2xl"
    >
      <nav aria-label="Site menu" className="px-3 py-3">
        <ul className="space-y-1">
          {menuGroups.map((group) => {
            const panelId = `${SIDE_MENU_ID}-${group.id}`;
            return (
              <li key={group.id}>
                <button
                  type="button"
                  aria-expanded="false"
                  aria-controls={panelId}
                  data-menu-group=""
                  className="group flex w-full items-center justify-between rounded-lg px-3 py-3 text-left text-sm font-bold tracking-wide text-brand-800 hover:bg-brand-50"
                >
                  {group.label}
                  <ChevronIcon className="size-5 transition-transform group-aria-expanded:rotate-180" />
                </button>
                <ul id={panelId} hidden className="mb-2 space-y-1 pl-3">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <a
                        href={link.to}
                        className={
                          link.highlight
                            ? "block rounded-lg bg-accent-400 px-3 py-2 font-semibold text-brand-900 hover:bg-accent-500"
                            : "block rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-100"
                        }
                      >
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="grid gap-3 border-t border-slate-200 px-5 py-5 lg:hidden">
        <a href="/apply" className="rounded-lg bg-accent-400 px-4 py-3 text-center font-bold text-brand-900 hover:bg-accent-500">
          Apply Now
        </a>
        <a href="/mandatory-disclosure" className="rounded-lg border-2 border-brand-700 px-4 py-3 text-center font-bold text-brand-700 hover:bg-brand-50">
          Mandatory Disclosure
        </a>
      </div>
    </ModalDialog>
  );
}
