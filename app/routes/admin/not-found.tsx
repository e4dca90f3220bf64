/** Unknown /admin/* paths: after the guard, back to the dashboard. */
import { redirect } from "react-router";
import type { Route } from "./+types/not-found";
import { requireAdmin } from "~/features/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requireAdmin(request);
  return redirect("/admin", { headers });
}
