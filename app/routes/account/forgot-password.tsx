/**
 * /admin/forgot-password: a staff member (or the owner) asks for a reset link by e-mail. The
 * answer is the same whether or not the address has an account (OWASP); requests are throttled
 * per address and IP. Public, outside the admin layout, not indexed.
 */
import { data } from "react-router";
import type { Route } from "./+types/forgot-password";
import { getDb } from "~/db/client.server";
import { ForgotPasswordForm } from "~/features/auth/components/password-forms";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { forgotPasswordSchema } from "~/features/auth/schema";
import { readForm } from "~/lib/request-body.server";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = forgotPasswordSchema.safeParse(Object.fromEntries(await readForm(request, "/admin/forgot-password")));
  if (!parsed.success) return data({ sent: false, error: parsed.error.issues[0]?.message, email: "" }, { status: 400 });
  const { email } = parsed.data;
  const result = await requestPasswordReset(await getDb(), { email, ip: context.clientIp || "unknown" });
  if (result.throttled) return data({ sent: false, error: "Too many requests for a new password. Please try again in an hour.", email }, { status: 429 });
  // The e-mail is queued after the answer: an address with an account answers as fast as one without.
  return { sent: true, error: undefined, email };
}

export const meta: Route.MetaFunction = () => [{ title: "Forgot your password? | Admin" }, { name: "robots", content: "noindex" }];

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordForm sent={actionData?.sent ?? false} error={actionData?.error} email={actionData?.email} />;
}
