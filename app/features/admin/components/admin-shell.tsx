/** The admin area's frame: navigation, the signed-in address and Sign out. */
import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { school } from "#content/school";

const NAV = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/enquiries", label: "Enquiries", end: false },
  { to: "/admin/applications", label: "Applications", end: false },
  { to: "/admin/payments", label: "Payments", end: false },
  { to: "/admin/fees", label: "Fees", end: false },
  { to: "/admin/messages", label: "Messages", end: false },
];

export function AdminShell({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-extrabold text-brand-800">{school.shortName} Admin</p>
          <nav aria-label="Admin" className="order-3 w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) =>
                      `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-100"}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-slate-700 sm:inline" data-testid="admin-email">{email}</span>
            <Form method="post" action="/admin/logout">
              <button type="submit" className="rounded-lg border border-slate-400 px-3 py-1.5 font-semibold hover:bg-slate-100">Sign out</button>
            </Form>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}
