/** POST /api/track: the tracker's beacon (features/analytics). Answers 204 at once. */
import type { Route } from "./+types/track";
import { handleBeacon } from "~/features/analytics/track.server";

export async function action({ request, context }: Route.ActionArgs) {
  return handleBeacon(request, context.clientIp);
}
