/** /admin/login/code: the second step of signing in, for accounts with a second factor (DESIGN.md §6). */
import { data, redirect } from "react-router";
import type { Route } from "./+types/login-code";
import { safeRedirect, tooManyAttemptsText } from "~/features/auth/roles";
import { challengedEmail } from "~/features/auth/two-factor/challenge-cookie.server";
import { CodeForm } from "~/features/auth/two-factor/code-form";
import { signInWithSecondFactor } from "~/features/auth/two-factor/sign-in.server";
import { readForm } from "~/lib/request-body.server";

const WRONG_CODE = "That code is not right. Check that your phone's clock is correct and try the newest code, or a recovery code.";
const LOCKED = "Too many wrong codes for this account. Please try again in 15 minutes.";

/** Back to the password, keeping where the person was going. */
function startAgain(redirectTo: string, headers?: Headers) {
  return redirect(`/admin/login?reason=code-expired&redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const email = await challengedEmail(request);
  if (!email) throw startAgain(redirectTo);
  return { email, redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, "/admin/login/code");
  const redirectTo = safeRedirect(String(form.get("redirectTo") ?? ""));
  try {
    const result = await signInWithSecondFactor({ code: String(form.get("code") ?? ""), ip: context.clientIp || "unknown", request });
    if (result.ok) throw redirect(redirectTo, { headers: result.headers });
    if (result.reason === "expired") throw startAgain(redirectTo, result.headers);
    if (result.reason === "throttled") return data({ error: tooManyAttemptsText(result.retryAfterMs) }, { status: 429 });
    return data({ error: result.reason === "locked" ? LOCKED : WRONG_CODE }, { status: result.reason === "locked" ? 429 : 401 });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Second sign-in step failed:", error);
    return data({ error: "Sign-in is unavailable right now. Please try again in a few minutes." }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Enter your code | Admin Login" }, { name: "robots", content: "noindex" }];

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeForm email={loaderData.email} redirectTo={loaderData.redirectTo} error={actionData?.error} />;
}
