/** /admin/fees/import: the roll from a CSV file, every row checked, all or nothing. */
import { data } from "react-router";
import type { Route } from "./+types/fee-import";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { can, whoMay } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { ImportPage } from "~/features/fees/components/admin";
import { bookFor } from "~/features/fees/ledger.server";
import { checkRoster } from "~/core/students/roster";
import { importStudents } from "~/core/students/roll.server";
import { kolkataDate, sessionOf } from "~/lib/dates";
import { readForm } from "~/lib/request-body.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "fees.view");
  setNoStore(headers);
  return data({ canImport: can(user, "fees.manage") }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "fees.manage");
  setNoStore(headers);
  const form = await readForm(request, "/admin/fees/import");
  const file = form.get("file");
  const text = typeof file === "string" ? file : file ? await file.text() : "";
  if (!text.trim()) return data({ kind: "error" as const, message: "Choose a CSV file to import." }, { status: 400, headers });
  const db = await getDb();
  const book = await bookFor(db, sessionOf(kolkataDate(new Date())));
  const checked = checkRoster(text, { busStops: book?.bus.map((b) => b.code) ?? [], concessions: book?.concessions.map((c) => c.code) ?? [] });
  if (checked.problems.length > 0) return data({ kind: "rejected" as const, problems: checked.problems }, { status: 400, headers });
  const result = await importStudents(db, checked.rows, actorOf(user, context.clientIp));
  return data(result, { status: result.kind === "imported" ? 200 : 400, headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Import roll | Admin" }];

export default function AdminFeeImport({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportPage result={actionData ?? null} canImport={loaderData.canImport} need={whoMay("fees.manage")} />;
}
