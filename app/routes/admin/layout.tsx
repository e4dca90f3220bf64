/**
 * The admin area (SPEC §2, §6): every child loader and action checks the session itself; this
 * layout adds the frame, the inactivity sign-out, and Access Denied for a USER. The person's own
 * account pages (the second factor's set-up) are open to anyone signed in: someone who must set
 * up a second factor is sent there before anything else.
 */
import { Outlet, data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { AccessDenied } from "~/features/auth/components/access-denied";
import { InactivitySignOut } from "~/features/auth/components/inactivity-sign-out";
import { requireAdmin, requireSignedIn } from "~/features/auth/session.server";
import { ErrorScreen, refusalMessage } from "~/features/site/components/error-screen";

export async function loader({ request }: Route.LoaderArgs) {
  const own = new URL(request.url).pathname.startsWith("/admin/account/");
  const { user, headers } = own ? await requireSignedIn(request) : await requireAdmin(request);
  return data({ email: user.email, role: user.role }, { headers });
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email}>
      <InactivitySignOut email={loaderData.email} role={loaderData.role} />
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return <AccessDenied email={(error.data as { email?: string } | undefined)?.email} />;
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorScreen detail={refusalMessage(error)} />;
}
