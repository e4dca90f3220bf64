/**
 * The admin area (SPEC §2, §6): every child loader and action checks its own permission; this
 * layout admits any staff member, adds the frame (its navigation limited to the person's
 * permissions), the inactivity sign-out, and Access Denied for a missing permission.
 */
import { Outlet, data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { AccessDenied } from "~/features/auth/components/access-denied";
import { InactivitySignOut } from "~/features/auth/components/inactivity-sign-out";
import { requireStaff } from "~/features/auth/session.server";
import { ErrorScreen, refusalMessage } from "~/features/site/components/error-screen";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requireStaff(request);
  return data({ email: user.email, role: user.role, permissions: user.permissions }, { headers });
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email} permissions={loaderData.permissions}>
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
