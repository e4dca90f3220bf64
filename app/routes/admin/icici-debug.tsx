/**
 * /icici-debug (SPEC §2 payment debug page; DESIGN.md §8: administrator only, noindex): the
 * gateway's settings (masked), the last 50 gateway events, and a status check for a reference.
 */
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/icici-debug";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { debugData } from "~/core/payments/admin/admin-data.server";
import { DebugView } from "~/core/payments/admin/debug-view";
import { isReference } from "~/core/payments/identifiers";
import { getConfig } from "~/lib/config.server";
import { paymentSetup } from "~/core/payments/settings.server";
import { payments } from "~/payment-purposes.server";
import { readForm } from "~/lib/request-body.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "settings.manage");
  setNoStore(headers);
  return data(await debugData(await getDb(), paymentSetup(), getConfig().publicSiteUrl), { headers });
}

const checkSchema = z.object({ reference: z.string().trim().toUpperCase() });

export async function action({ request }: Route.ActionArgs) {
  const { headers } = await requirePermission(request, "settings.manage");
  setNoStore(headers);
  const parsed = checkSchema.safeParse(Object.fromEntries(await readForm(request, "/icici-debug")));
  const reference = parsed.success ? parsed.data.reference : "";
  if (!isReference(reference)) return data({ ok: false as const, message: "A reference is 12 letters and digits, e.g. K7M2Q9XA4TRB." }, { status: 400, headers });
  const order = await payments.checkOrder(reference, "the administrator (payment debug)");
  if (!order) return data({ ok: false as const, message: `No payment of ours has the reference ${reference}.` }, { status: 404, headers });
  return data({ ok: true as const, reference, status: order.status, detail: order.gatewayStatus ? `The gateway's last word: ${order.gatewayStatus}.` : "The gateway has no payment for it yet." }, { headers });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: Route.MetaFunction = () => [{ title: "Payment Debug | Admin" }, { name: "robots", content: "noindex" }];

export default function IciciDebug({ loaderData, actionData }: Route.ComponentProps) {
  return <DebugView data={loaderData} check={actionData ?? null} />;
}
