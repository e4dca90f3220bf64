/** /admin/applications: the applications, filtered and searched. */
import { data } from "react-router";
import type { Route } from "./+types/applications";
import { getDb } from "~/db/client.server";
import { parseApplicationQuery } from "~/features/admissions/admin-query";
import { listApplications } from "~/features/admissions/applications.server";
import { ApplicationList } from "~/features/admissions/components/admin-applications";
import { allSessions } from "~/features/admissions/sessions.server";
import { requirePermission } from "~/features/auth/session.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "applications.view");
  setNoStore(headers);
  const filters = parseApplicationQuery(new URL(request.url).searchParams);
  const db = await getDb();
  const [list, sessions] = await Promise.all([listApplications(db, filters), allSessions(db)]);
  return data({ ...list, filters, sessions: sessions.map((s) => s.name) }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Applications | Admin" }];

export default function Applications({ loaderData }: Route.ComponentProps) {
  return <ApplicationList {...loaderData} />;
}
