/**
 * /admin/content/pictures.json (issue 28): GET lists the school's photos for the picture picker;
 * POST takes one photo (multipart: "photo", "alt", "caption", "album") from the pictures page's
 * uploader and answers JSON: 201 with the photo, or its refusal with why (400, 413, 415, 422,
 * 503 busy with Retry-After). Editors and publishers ("content.edit"); never cached.
 */
import type { Route } from "./+types/content-pictures-json";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { pictureView, type UploadAnswer } from "~/features/content/media";
import { readPicturesForm, takeOnePhoto } from "~/features/content/media-form.server";
import { listPhotos } from "~/features/content/media.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "content.edit");
  setNoStore(headers);
  const rows = await listPhotos(await getDb());
  return Response.json({ pictures: rows.map(pictureView) }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "content.edit");
  setNoStore(headers);
  const read = await readPicturesForm(request, "/admin/content/pictures.json", false);
  if (!read.ok) return Response.json({ ok: false, problem: read.status === 413 ? "too_large_bytes" : "refused", message: read.message } satisfies UploadAnswer, { status: read.status, headers });
  const { status, answer } = await takeOnePhoto(await getDb(), read.form, actorOf(user, context.clientIp));
  if (status === 503) headers.set("Retry-After", "60");
  return Response.json(answer, { status, headers });
}
