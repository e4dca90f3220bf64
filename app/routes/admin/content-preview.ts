/**
 * POST /admin/content/preview (body=<Markdown>): the body editor's live preview (issue 28), as
 * JSON { html, problem }: the sanitized HTML the site would show, or why the text cannot be
 * shown (an unknown {{token}}, a level-1 heading). Editors and publishers ("content.edit").
 */
import type { Route } from "./+types/content-preview";
import { requirePermission } from "~/features/auth/session.server";
import { previewOf } from "~/features/content/editor/load.server";
import { setNoStore } from "~/lib/http";
import { readForm } from "~/lib/request-body.server";

export async function action({ request }: Route.ActionArgs) {
  const { headers } = await requirePermission(request, "content.edit");
  setNoStore(headers);
  const body = String((await readForm(request, "/admin/content/preview")).get("body") ?? "").replace(/\r\n?/g, "\n");
  return Response.json(previewOf(body), { headers });
}
