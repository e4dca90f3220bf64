/**
 * /admin: the dashboard. Enquiry counts at the top, then the visitor analytics for the range in
 * the URL (?range=today|yesterday|7days|30days|90days|year; anything else is 30days). A panel
 * whose query fails says so and the rest still render. Enquiry and application counts show only
 * to those who may read enquiries and applications; the maintenance jobs to those who may run them.
 */
import { Link, data } from "react-router";
import type { Route } from "./+types/dashboard";
import { getDb } from "~/db/client.server";
import { AnalyticsDashboard } from "~/features/analytics/dashboard/analytics-dashboard";
import { parseRangeParam } from "~/features/analytics/dashboard/schema";
import { loadAnalyticsDashboard } from "~/features/analytics/dashboard/load-dashboard.server";
import { internalHostsOf } from "~/features/analytics/figures/referrer";
import { applicationCounts } from "~/features/admissions/applications.server";
import { ApplicationCounts } from "~/features/admissions/components/application-counts";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { enquiryCounts } from "~/features/enquiries/enquiries.server";
import { getConfig } from "~/lib/config.server";
import { messageOf } from "~/lib/errors";
import { setNoStore } from "~/lib/http";

async function loadEnquiryCounts(db: Parameters<typeof enquiryCounts>[0]) {
  try {
    return { ok: true as const, data: await enquiryCounts(db) };
  } catch (error) {
    console.error(error);
    return { ok: false as const, error: `Database error: ${messageOf(error)}` };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "dashboard.view");
  const url = new URL(request.url);
  const db = await getDb();
  const range = parseRangeParam(url.searchParams);
  const options = { internalHosts: internalHostsOf(getConfig().publicSiteUrl, url.host) };
  const [enquiries, analytics, applications] = await Promise.all([
    can(user, "enquiries.view") ? loadEnquiryCounts(db) : null,
    loadAnalyticsDashboard(db, range, options),
    can(user, "applications.view") ? applicationCounts(db).catch((error: unknown) => (console.error(error), null)) : null,
  ]);
  setNoStore(headers);
  return data({ enquiries, analytics, applications, canRunJobs: can(user, "settings.manage") }, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { enquiries, analytics, applications, canRunJobs } = loaderData;
  const number = new Intl.NumberFormat("en-IN");
  const cards = enquiries?.ok
    ? [
        { label: "New enquiries", value: enquiries.data.new, to: "/admin/enquiries?status=new", testId: "count-new" },
        { label: "Enquiries in the last 7 days", value: enquiries.data.lastSevenDays, to: "/admin/enquiries", testId: "count-week" },
        { label: "All enquiries", value: enquiries.data.total, to: "/admin/enquiries", testId: "count-total" },
      ]
    : [];
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-800">Dashboard</h1>
      {!enquiries ? null : enquiries.ok ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {cards.map((c) => (
            <li key={c.label}>
              <Link to={c.to} className="block rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600">
                <span className="block text-sm font-semibold text-slate-700">{c.label}</span>
                <span className="mt-2 block text-3xl font-extrabold text-brand-800" data-testid={c.testId}>{number.format(c.value)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">{enquiries.error}</p>
      )}
      {applications && <ApplicationCounts rows={applications} />}
      <AnalyticsDashboard data={analytics} canRunJobs={canRunJobs} />
    </>
  );
}
