/**
 * /admin/content/pictures: the school's photos (issue 28): upload (one request a photo with
 * JavaScript, through pictures.json; the page's own form without), alt text and caption, album,
 * delete. Editors and publishers ("content.edit").
 */
import { data, useRevalidator } from "react-router";
import type { Route } from "./+types/content-pictures";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { PicturesPage } from "~/features/content/components/pictures-page";
import { pictureView } from "~/features/content/media";
import { handlePicturesForm, readPicturesForm } from "~/features/content/media-form.server";
import { listPhotos } from "~/features/content/media.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "content.edit");
  setNoStore(headers);
  const rows = await listPhotos(await getDb());
  return data({ pictures: rows.map(pictureView) }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "content.edit");
  setNoStore(headers);
  const read = await readPicturesForm(request, "/admin/content/pictures", true);
  if (!read.ok) return data({ intent: "upload" as const, ok: false, message: read.message, results: [] }, { status: read.status, headers });
  const { status, notice } = await handlePicturesForm(await getDb(), read.form, actorOf(user, context.clientIp));
  return data(notice, { status, headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Pictures | Admin" }];

export default function ContentPictures({ loaderData, actionData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return <PicturesPage pictures={loaderData.pictures} notice={actionData ?? null} onUploaded={() => void revalidate()} />;
}
