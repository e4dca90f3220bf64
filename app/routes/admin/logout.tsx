/** POST /admin/logout: ends the session on the server and returns to the login screen. */
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/features/auth/session.server";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const reason = form.get("reason") === "inactivity" ? "inactivity" : "signed-out";
  const headers = await signOut(request);
  return redirect(`/admin/login?reason=${reason}`, { headers });
}

export function loader() {
  return redirect("/admin");
}
