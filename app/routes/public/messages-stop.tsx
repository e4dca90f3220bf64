/**
 * /messages/stop/{token}: the stop-reminders link of a fee reminder e-mail. GET asks, POST stops
 * (the button, or RFC 8058's one-click "List-Unsubscribe=One-Click" posted by a mail provider's
 * servers; one posted from another site is answered by server/messages-stop.ts). The signed
 * token is the whole authorisation. Not indexed, never cached.
 */
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/messages-stop";
import { getDb } from "~/db/client.server";
import { StopPanel, type StopView } from "~/core/messages/components/stop-panel";
import { stopByLink, stopLinkOf } from "~/core/messages/stop.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { NO_STORE_HEADERS } from "~/lib/http";
import { readForm } from "~/lib/request-body.server";

const noStore = { ...NO_STORE_HEADERS, "X-Robots-Tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const link = await stopLinkOf(await getDb(), params.token);
  const view: StopView = !link ? { state: "invalid" } : link.stopped ? { state: "stopped", masked: link.masked } : { state: "ask", masked: link.masked };
  return data({ view }, { status: link ? 200 : 404, headers: noStore });
}

export async function action({ request, params }: Route.ActionArgs) {
  // The body is read (and capped) but not needed: the button sends nothing, a mail provider
  // "List-Unsubscribe=One-Click"; either way the token says whose reminders stop.
  await readForm(request, "/messages/stop/:token");
  const link = await stopByLink(await getDb(), params.token);
  const view: StopView = link ? { state: "stopped", masked: link.masked } : { state: "invalid" };
  return data({ view }, { status: link ? 200 : 404, headers: noStore });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Stop fee reminders", description: "Stop the school's fee reminder messages.", path: "/messages/stop", siteUrl: siteUrlFrom(matches), noindex: true });

export default function MessagesStop({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return <StopPanel view={actionData?.view ?? loaderData.view} busy={busy} />;
}
