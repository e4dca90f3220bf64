/**
 * /admin/messages/{publicId}/html: a message's HTML part, for the sandboxed iframe of its admin
 * page, under its own CSP (app/core/messages/preview.ts PREVIEW_HEADERS: no scripts).
 */
import { data } from "react-router";
import type { Route } from "./+types/message-html";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { messageByPublicId } from "~/core/messages/admin.server";
import { PREVIEW_HEADERS } from "~/core/messages/preview";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "messages.view");
  const message = await messageByPublicId(await getDb(), params.publicId);
  if (!message?.bodyHtml) throw data("No such e-mail.", { status: 404, headers });
  for (const [name, value] of Object.entries(PREVIEW_HEADERS)) headers.set(name, value);
  return new Response(message.bodyHtml, { headers });
}
