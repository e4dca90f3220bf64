/** Routes of SPEC §2 whose pages are still being built: title, description and a plain notice. */
import { data } from "react-router";
import type { Route } from "./+types/placeholder";
import { pageFor } from "#content/pages";
import { ComingSoon } from "~/features/content/components/coming-soon";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";

export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
  const entry = pageFor(path);
  const title = entry?.title ?? (path.startsWith("/news/") ? "News and Events" : path.startsWith("/verify-receipt/") ? "Receipt Verification" : "Application Payment");
  const description = entry?.description ?? "This page is being prepared.";
  return data({ path, title, description });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta({ title: data.title, description: data.description, path: data.path, siteUrl: siteUrlFrom(matches) }) : [];

export default function Placeholder({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={loaderData.title} description={loaderData.description} />;
}
