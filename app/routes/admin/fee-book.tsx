/**
 * /admin/fees/book: the current session's fee book (or, with `?session=`, the next one's, which
 * /fee shows while admissions for it are open), viewed and edited (validated).
 */
import { data } from "react-router";
import type { Route } from "./+types/fee-book";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { can, whoMay } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { feeBookSchema } from "~/features/fees/book";
import { FeeBookPage } from "~/features/fees/components/fee-book";
import { bookFor, saveBook } from "~/features/fees/ledger.server";
import { kolkataDate, sessionOf, yearLabel } from "~/lib/dates";
import { readForm } from "~/lib/request-body.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "fees.view");
  setNoStore(headers);
  const current = sessionOf(kolkataDate(new Date()));
  const next = yearLabel(Number(current.slice(0, 4)) + 1);
  const session = new URL(request.url).searchParams.get("session") === next ? next : current;
  const book = await bookFor(await getDb(), session);
  return data({ session, sessions: [current, next], book, canEdit: can(user, "fees.manage"), text: JSON.stringify(book ?? { session, dueDay: 15, structures: [], bus: [], concessions: [], lateFee: { kind: "flat", amountPaise: 0, capPaise: 0 } }, null, 2) }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "fees.manage");
  setNoStore(headers);
  const text = String((await readForm(request, "/admin/fees/book")).get("book") ?? "");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return data({ error: "The fee book is not valid JSON: check commas and quotes.", ok: null, text }, { status: 400, headers });
  }
  const parsed = feeBookSchema.safeParse(json);
  if (!parsed.success) return data({ error: parsed.error.issues.map((i) => `${i.path.join(".") || "book"}: ${i.message}`).slice(0, 5).join("; "), ok: null, text }, { status: 400, headers });
  await saveBook(await getDb(), parsed.data, actorOf(user, context.clientIp));
  return data({ error: null, ok: `Fee book ${parsed.data.session} saved.`, text: JSON.stringify(parsed.data, null, 2) }, { headers });
}

export const meta: Route.MetaFunction = () => [{ title: "Fee book | Admin" }];

export default function AdminFeeBook({ loaderData, actionData }: Route.ComponentProps) {
  return <FeeBookPage book={loaderData.book} session={loaderData.session} sessions={loaderData.sessions} text={actionData?.text ?? loaderData.text} error={actionData?.error ?? null} ok={actionData?.ok ?? null} canEdit={loaderData.canEdit} need={whoMay("fees.manage")} />;
}
