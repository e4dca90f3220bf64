/**
 * POST /admin/logout: ends the session on the server and returns to the login screen. The
 * session ends whatever the body is; an unreadable one only loses the optional reason.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/features/auth/session.server";
import { readForm } from "~/lib/request-body.server";

export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  const form = await readForm(request, "/admin/logout").catch(() => null);
  const reason = form?.get("reason") === "inactivity" ? "inactivity" : "signed-out";
  return redirect(`/admin/login?reason=${reason}`, { headers });
}

export function loader() {
  return redirect("/admin");
}
