/**
 * /admin/applications/settings: the open admission session, its classes, the application fee
 * and the age cut-off date, or closing admissions.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/admission-settings";
import { actorOf } from "~/core/audit/audit.server";
import { getDb } from "~/db/client.server";
import { AdmissionSettingsForm } from "~/features/admissions/components/admission-settings-form";
import { sessionSettingsSchema } from "~/features/admissions/schema";
import { closeAdmissions, openSession, saveSessionSettings } from "~/features/admissions/sessions.server";
import { can, whoMay } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/session.server";
import { readForm } from "~/lib/request-body.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requirePermission(request, "applications.view");
  setNoStore(headers);
  const session = await openSession(await getDb());
  return data({ session: session && { name: session.name, openClasses: session.openClasses, applicationFeePaise: session.applicationFeePaise, ageCutOff: session.ageCutOff }, canEdit: can(user, "applications.manage") }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requirePermission(request, "applications.manage");
  const form = await readForm(request, "/admin/applications/settings");
  const db = await getDb();
  const actor = actorOf(user, context.clientIp);
  if (form.get("intent") === "close") {
    await closeAdmissions(db, actor);
    throw redirect("/admin/applications/settings", { status: 303, headers });
  }
  const parsed = sessionSettingsSchema.safeParse({ name: form.get("name"), openClasses: form.getAll("openClasses"), applicationFeeRupees: form.get("applicationFeeRupees"), ageCutOff: form.get("ageCutOff") });
  if (!parsed.success) return data({ message: parsed.error.issues[0]!.message, saved: false }, { status: 400, headers });
  const { applicationFeeRupees, ...rest } = parsed.data;
  await saveSessionSettings(db, { ...rest, applicationFeePaise: applicationFeeRupees * 100 }, actor);
  return data({ message: "Saved.", saved: true }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Admission settings | Admin" }];

export default function AdmissionSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <AdmissionSettingsForm session={loaderData.session} message={actionData?.message ?? null} saved={actionData?.saved ?? false} canEdit={loaderData.canEdit} need={whoMay("applications.manage")} />;
}
