/** Admin sections whose issues are still open (applications): guarded, and plain about it. */
import { data } from "react-router";
import type { Route } from "./+types/coming-soon";
import { requireAdmin } from "~/features/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  return data({ section: "Applications" }, { headers });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.section ?? "Admin"} | Admin` }];

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-800">{loaderData.section}</h1>
      <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-5">{loaderData.section} will be listed here once online admission applications are built.</p>
    </>
  );
}
