/**
 * /admin/content: the school's news, events, notices, calendar and job openings with their
 * state and last save, filtered by kind (issue 28). Editors and publishers ("content.edit").
 */
import { data } from "react-router";
import type { Route } from "./+types/content";
import { getDb } from "~/db/client.server";
import { requirePermission } from "~/features/auth/session.server";
import { ContentList } from "~/features/content/editor/components/content-list";
import { contentRows, kindOf } from "~/features/content/editor/load.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "content.edit");
  setNoStore(headers);
  const kind = kindOf(new URL(request.url).searchParams.get("kind"));
  return data({ rows: await contentRows(await getDb(), kind), kind }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Content | Admin" }];

export default function Content({ loaderData }: Route.ComponentProps) {
  return <ContentList rows={loaderData.rows} kind={loaderData.kind} />;
}
