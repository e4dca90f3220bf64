/**
 * /admin/messages/templates/{kind}/html: a kind's e-mail rendered with its sample data, for the
 * templates page's sandboxed iframe, under its own CSP (app/core/messages/preview.ts).
 */
import { data } from "react-router";
import type { Route } from "./+types/message-template-html";
import { requirePermission } from "~/features/auth/session.server";
import { PREVIEW_HEADERS, previewOf } from "~/core/messages/preview";
import { getConfig } from "~/lib/config.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "messages.view");
  const email = previewOf(params.kind, getConfig().publicSiteUrl)?.email;
  if (!email) throw data("No such e-mail template.", { status: 404, headers });
  for (const [name, value] of Object.entries(PREVIEW_HEADERS)) headers.set(name, value);
  return new Response(email.html, { headers });
}
