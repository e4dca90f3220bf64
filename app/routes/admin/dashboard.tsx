/** /admin: the dashboard. Enquiry counts for now; visitor analytics arrive with their issue. */
import { Link, data } from "react-router";
import type { Route } from "./+types/dashboard";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/auth/session.server";
import { enquiryCounts } from "~/features/enquiries/enquiries.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  return data({ enquiries: await enquiryCounts(await getDb()) }, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { enquiries } = loaderData;
  const cards = [
    { label: "New enquiries", value: enquiries.new, to: "/admin/enquiries?status=new", testId: "count-new" },
    { label: "Enquiries in the last 7 days", value: enquiries.lastSevenDays, to: "/admin/enquiries", testId: "count-week" },
    { label: "All enquiries", value: enquiries.total, to: "/admin/enquiries", testId: "count-total" },
  ];
  const number = new Intl.NumberFormat("en-IN");
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-800">Dashboard</h1>
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
      <p className="mt-8 text-slate-700">Visitor analytics will appear here once the analytics dashboard is built.</p>
    </>
  );
}
