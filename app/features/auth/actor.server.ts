/**
 * The signed-in person of an admin request as the audit log's actor (app/core/audit/audit.server.ts):
 * for an action whose guard keeps only the headers it returns. Call it after the guard, which has
 * already checked the session and the permission; this reads the same session again.
 */
import { redirect } from "react-router";
import { actorOf, type Actor } from "~/core/audit/audit.server";
import { getSessionUser } from "./session.server";

/**
 * The actor of `request` from the client address `ip` (the load context's `clientIp`). Throws a
 * redirect to the login screen when the session ended since the guard (signed out in between).
 */
export async function requestActor(request: Request, ip: string | null | undefined): Promise<Actor> {
  const session = await getSessionUser(request);
  if (!session) {
    const url = new URL(request.url);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return actorOf(session.user, ip);
}
