/**
 * /admin/invitation/{token}: the link of a staff invitation (issue 27). The invitee chooses a
 * password (twice); the link then stops working, and they sign in. Forged, expired or used
 * links, and disabled accounts, get a page saying so. Public, outside the admin layout, not indexed.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/invitation";
import { getDb } from "~/db/client.server";
import { hashPassword, MIN_PASSWORD_LENGTH } from "~/features/auth/auth.server";
import { LinkProblem, SetPasswordForm } from "~/features/auth/components/password-forms";
import { newPasswordSchema } from "~/features/auth/schema";
import { acceptInvitation, invitationFor } from "~/features/staff/staff.server";
import { readForm } from "~/lib/request-body.server";

export async function loader({ params }: Route.LoaderArgs) {
  const invitation = await invitationFor(await getDb(), params.token);
  return { invitation: invitation && { name: invitation.name, email: invitation.email }, minLength: MIN_PASSWORD_LENGTH };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request, "/admin/invitation/:token"));
  const db = await getDb();
  if (!(await invitationFor(db, params.token))) return data({ used: true, errors: {} }, { status: 400 });
  const parsed = newPasswordSchema(MIN_PASSWORD_LENGTH).safeParse(form);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]).reverse());
    return data({ used: false, errors }, { status: 400 });
  }
  const passwordHash = await hashPassword(parsed.data.password);
  if (!(await acceptInvitation(db, { token: params.token, passwordHash, ip: context.clientIp || null }))) return data({ used: true, errors: {} }, { status: 400 });
  throw redirect("/admin/login?reason=password-set", 303);
}

export const meta: Route.MetaFunction = () => [{ title: "Choose your password | Admin" }, { name: "robots", content: "noindex" }];

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, minLength } = loaderData;
  if (!invitation || actionData?.used) {
    return <LinkProblem title="This invitation no longer works" message="An invitation link works once, for 7 days. If you have already chosen a password, sign in; otherwise ask the school's administrator to send the invitation again." next={{ to: "/admin/login", label: "Go to sign in" }} />;
  }
  const intro = <p>Welcome, {invitation.name}. Choose the password for <strong className="break-all">{invitation.email}</strong>; then sign in with this address.</p>;
  return <SetPasswordForm title="Choose your password" intro={intro} email={invitation.email} minLength={minLength} submitLabel="Set the password" errors={actionData?.errors} />;
}
