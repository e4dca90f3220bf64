/**
 * /admin/reset-password/{token}: the link of a password reset e-mail. Choose a new password
 * (twice); it replaces the old one, every session of the account ends, and the person signs in
 * again. A used, expired or unknown link says so and offers a new one. Public, not indexed.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { getDb } from "~/db/client.server";
import { MIN_PASSWORD_LENGTH } from "~/features/auth/auth.server";
import { LinkProblem, SetPasswordForm } from "~/features/auth/components/password-forms";
import { resetLinkWorks, resetPasswordWith } from "~/features/auth/password-reset.server";
import { newPasswordSchema } from "~/features/auth/schema";
import { readForm } from "~/lib/request-body.server";

export async function loader({ params }: Route.LoaderArgs) {
  return { works: await resetLinkWorks(await getDb(), params.token), minLength: MIN_PASSWORD_LENGTH };
}

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = newPasswordSchema(MIN_PASSWORD_LENGTH).safeParse(Object.fromEntries(await readForm(request, "/admin/reset-password/:token")));
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]).reverse());
    return data({ works: true, errors }, { status: 400 });
  }
  if (!(await resetPasswordWith(await getDb(), params.token, parsed.data.password))) return data({ works: false, errors: {} }, { status: 400 });
  throw redirect("/admin/login?reason=password-reset", 303);
}

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password | Admin" }, { name: "robots", content: "noindex" }];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (!(actionData?.works ?? loaderData.works)) {
    return <LinkProblem title="This link no longer works" message="A password reset link works once, for one hour. Ask for a new one." next={{ to: "/admin/forgot-password", label: "Ask for a new link" }} />;
  }
  return <SetPasswordForm title="Choose a new password" intro="Your new password replaces the old one, and you are signed out everywhere." minLength={loaderData.minLength} submitLabel="Save the new password" errors={actionData?.errors} />;
}
