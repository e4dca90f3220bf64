/**
 * The admin area's frame: navigation, the signed-in address and Sign out. Each navigation item
 * names the permission its page's loader checks (app/features/auth/permissions.ts; the
 * route-permission test holds them equal), and only those the person holds are shown.
 */
import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { school } from "#content/school";

export const NAV = [
  { to: "/admin", label: "Dashboard", end: true, permission: "dashboard.view" },
  { to: "/admin/enquiries", label: "Enquiries", end: false, permission: "enquiries.view" },
  { to: "/admin/applications", label: "Applications", end: false, permission: "applications.view" },
  { to: "/admin/payments", label: "Payments", end: false, permission: "fees.view" },
  { to: "/admin/fees", label: "Fees", end: false, permission: "fees.view" },
  { to: "/admin/messages", label: "Messages", end: false, permission: "messages.view" },
  { to: "/admin/content", label: "Content", end: false, permission: "content.edit" },
  { to: "/admin/staff", label: "Staff", end: false, permission: "staff.manage" },
  { to: "/admin/audit", label: "Audit log", end: false, permission: "audit.view" },
] as const;

/** `permissions`: what the signed-in person holds (SessionUser.permissions). */
export function AdminShell({ email, permissions, children }: { email: string; permissions: readonly string[]; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-extrabold text-brand-800">{school.shortName} Admin</p>
          <nav aria-label="Admin" className="order-3 w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {NAV.filter((item) => permissions.includes(item.permission)).map((item) => (
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
