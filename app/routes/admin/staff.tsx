/**
 * /admin/staff: the owner's staff accounts (issue 27): the list, invitations, roles, disabling
 * and enabling, and the invitation sent again. The owner alone ("staff.manage").
 */
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { STAFF_ROLES } from "~/db/staff-values";
import { PERMISSIONS, ROLES } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { StaffPage } from "~/features/staff/components/staff-page";
import { handleStaffForm } from "~/features/staff/staff-form.server";
import { listStaff } from "~/features/staff/staff.server";
import { staffRowView } from "~/features/staff/view";
import { setNoStore } from "~/lib/http";
import { readForm } from "~/lib/request-body.server";

/** Each role with what it allows, in words, for the invitation form. */
const roleChoices = STAFF_ROLES.map((r) => ({ value: r, label: ROLES[r].label, permissions: ROLES[r].permissions.map((p) => PERMISSIONS[p]) }));

export async function loader({ request }: Route.LoaderArgs) {
  const { headers } = await requirePermission(request, "staff.manage");
  setNoStore(headers);
  const staff = await listStaff(await getDb());
  return data({ staff: staff.map(staffRowView), roles: roleChoices }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "staff.manage");
  setNoStore(headers);
  const form = await readForm(request, "/admin/staff");
  const { status, notice } = await handleStaffForm(await getDb(), form, { actor: actorOf(user, context.clientIp), roleNames: ROLES });
  return data(notice, { status, headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Staff | Admin" }];

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return <StaffPage staff={loaderData.staff} roles={loaderData.roles} notice={actionData} busy={busy} />;
}
