/** /admin/audit: the audit log, filtered and paged (the owner's: audit.view). */
import { data } from "react-router";
import type { Route } from "./+types/audit";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { auditPageData } from "~/core/audit/admin.server";
import { AuditList } from "~/core/audit/components/audit-list";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "audit.view");
  setNoStore(headers);
  return data(await auditPageData(await getDb(), new URL(request.url).searchParams), { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Admin" }];

export default function Audit({ loaderData }: Route.ComponentProps) {
  return <AuditList {...loaderData} />;
}
