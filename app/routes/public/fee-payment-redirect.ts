/** /fee-payment (SPEC §2): the same screen as /fees, its one canonical URL; a 301 keeps the query. */
import { redirect } from "react-router";
import type { Route } from "./+types/fee-payment-redirect";

export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/fees${new URL(request.url).search}`, 301);
}
