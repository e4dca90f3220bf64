/** /admin/fees: the student roll, searchable by name, admission number and class. */
import { data } from "react-router";
import type { Route } from "./+types/fees";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { SCHOOL_CLASSES } from "#content/school";
import { RollList } from "~/features/fees/components/admin";
import { listStudents } from "~/core/students/roll.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "fees.view");
  setNoStore(headers);
  const url = new URL(request.url);
  // PostgreSQL text holds no NUL: control characters are never part of a name or number.
  const q = (url.searchParams.get("q") ?? "").replace(/\p{Cc}/gu, "").slice(0, 60);
  const cls = url.searchParams.get("class") ?? "";
  const className = (SCHOOL_CLASSES as readonly string[]).includes(cls) ? cls : "";
  const rows = await listStudents(await getDb(), { q, className });
  return data({ q, className, rows: rows.map((s) => ({ id: s.id, admissionNumber: s.admissionNumber, name: s.name, className: `${s.className}${s.section ? ` ${s.section}` : ""}`, mobile: s.mobile, busStop: s.busStop, concessions: s.concessions })) }, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Fees | Admin" }];

export default function AdminFees({ loaderData }: Route.ComponentProps) {
  return <RollList {...loaderData} classes={SCHOOL_CLASSES} />;
}
