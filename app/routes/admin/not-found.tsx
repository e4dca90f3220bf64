/** Unknown /admin/* paths: any staff member is sent back to the dashboard. */
import { redirect } from "react-router";
import type { Route } from "./+types/not-found";
import { requireStaff } from "~/features/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requireStaff(request);
  return redirect("/admin", { headers });
}
