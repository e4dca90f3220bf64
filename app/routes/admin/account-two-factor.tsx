/**
 * /admin/account/two-factor: the signed-in person's second factor (DESIGN.md §6): set-up with an
 * authenticator app, recovery codes, turning it off. Open to anyone signed in, whatever their
 * permissions: those who must have a second factor are sent here first (requirePermission).
 */
import { data } from "react-router";
import type { Route } from "./+types/account-two-factor";
import { requireSignedIn } from "~/features/auth/session.server";
import { setUpPageAction, setUpPageData } from "~/features/auth/two-factor/page.server";
import { SetUpPage } from "~/features/auth/two-factor/set-up-page";
import { readForm } from "~/lib/request-body.server";
import { setNoStore } from "~/lib/http";

export async function loader({ request }: Route.LoaderArgs) {
  const { user, headers } = await requireSignedIn(request);
  setNoStore(headers);
  return data(await setUpPageData(request, user, headers), { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, headers } = await requireSignedIn(request);
  const form = await readForm(request, "/admin/account/two-factor");
  return setUpPageAction({ request, form, who: user, headers, ip: context.clientIp || "unknown" });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Two-factor sign-in | Admin" }];

export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  return <SetUpPage view={loaderData} action={actionData} />;
}
