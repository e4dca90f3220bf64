/** /admin/login: the Admin Login screen (SPEC §2, §4, §5, §8; DESIGN.md §6). */
import { data, redirect } from "react-router";
import type { Route } from "./+types/login";
import { LoginForm } from "~/features/auth/components/login-form";
import { INVALID_CREDENTIALS_TEXT, safeRedirect, tooManyAttemptsText } from "~/features/auth/roles";
import { signInSchema } from "~/features/auth/schema";
import { getSessionUser, signInWithPassword } from "~/features/auth/session.server";
import { readForm } from "~/lib/request-body.server";

const NOTICES: Record<string, string> = {
  inactivity: "You were signed out after 30 minutes without activity.",
  "signed-out": "You have signed out.",
  "password-set": "Your password is set. Sign in with your e-mail address and the new password.",
  "password-reset": "Your password is changed and every other sign-in has ended. Sign in with the new password.",
  "code-expired": "Your sign-in was not finished in time, or had too many wrong codes. Please sign in again.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const session = await getSessionUser(request);
  if (session?.user.role === "ADMIN") throw redirect(redirectTo, { headers: session.headers });
  return { redirectTo, notice: NOTICES[url.searchParams.get("reason") ?? ""] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = signInSchema.safeParse(Object.fromEntries(await readForm(request, "/admin/login")));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? INVALID_CREDENTIALS_TEXT, email: "" }, { status: 400 });
  }
  const { email, password, redirectTo } = parsed.data;
  try {
    const result = await signInWithPassword({ email, password, ip: context.clientIp || "unknown", request });
    if (result.ok) throw redirect(safeRedirect(redirectTo), { headers: result.headers });
    if (result.reason === "second-factor") {
      throw redirect(`/admin/login/code?redirectTo=${encodeURIComponent(safeRedirect(redirectTo))}`, { headers: result.headers });
    }
    return result.reason === "throttled"
      ? data({ error: tooManyAttemptsText(result.retryAfterMs), email }, { status: 429 })
      : data({ error: INVALID_CREDENTIALS_TEXT, email }, { status: 401 });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("Sign-in failed:", error);
    return data({ error: "Sign-in is unavailable right now. Please try again in a few minutes.", email }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginForm redirectTo={loaderData.redirectTo} notice={loaderData.notice} error={actionData?.error} email={actionData?.email} />;
}
