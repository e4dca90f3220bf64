/**
 * The posts of /admin/staff, each naming its `intent`: invite, roles, disable, enable, resend,
 * reset (a new invitation for someone who lost their password and second factor).
 * Turns a form into one call of ./staff.server.ts and its answer into the notice the page shows
 * (an invitation's link when nobody else will deliver it) with the HTTP status.
 */
import { formatDateTime } from "~/lib/dates";
import type { Database } from "~/db/client.server";
import { changeRoles, disableStaff, enableStaff, inviteStaff, resendInvitation, resetSignIn, type Invitation, type Refusal, type StaffContext } from "./staff.server";

/** What the page shows after a post. `invite` holds what was typed when an invitation was refused. */
export type StaffNotice = {
  ok: boolean;
  message: string;
  /** The link to pass on by hand (no SMTP, or the e-mail cannot go), with its expiry in IST. */
  link?: { url: string; expires: string };
  invite?: { name: string; email: string; roles: string[]; field?: Refusal["field"] };
};

const text = (form: FormData, name: string) => String(form.get(name) ?? "").slice(0, 500);

function invitationNotice(message: string, invitation: Invitation): StaffNotice {
  const expires = formatDateTime(invitation.expiresAt);
  return invitation.byHand
    ? { ok: true, message: `${message} No e-mail can carry it (no mail server is configured): copy the link below and send it to them yourself. It works once, until ${expires}.`, link: { url: invitation.link, expires } }
    : { ok: true, message: `${message} The e-mail is on its way; the link works once, until ${expires}.` };
}

/** Runs the post `form` for the owner in `ctx`. Throws what the database throws. */
export async function handleStaffForm(db: Database, form: FormData, ctx: StaffContext): Promise<{ status: number; notice: StaffNotice }> {
  const intent = text(form, "intent");
  const userId = text(form, "userId");
  const refused = (r: Refusal) => ({ status: r.status, notice: { ok: false, message: r.message } });
  switch (intent) {
    case "invite": {
      const input = { name: text(form, "name"), email: text(form, "email"), roles: form.getAll("roles").map(String) };
      const result = await inviteStaff(db, input, ctx);
      if (!result.ok) return { status: result.status, notice: { ok: false, message: result.message, invite: { ...input, field: result.field } } };
      return { status: 200, notice: invitationNotice(`${input.name.trim()} is invited.`, result) };
    }
    case "roles": {
      const result = await changeRoles(db, userId, form.getAll("roles").map(String), ctx);
      if (!result.ok) return refused(result);
      return { status: 200, notice: { ok: true, message: result.changed ? "Roles saved: they apply from the person's next click." : "The roles were already these." } };
    }
    case "disable": {
      const result = await disableStaff(db, userId, ctx);
      if (!result.ok) return refused(result);
      return { status: 200, notice: { ok: true, message: `Disabled: the account cannot sign in${result.sessionsEnded ? `, and its ${result.sessionsEnded === 1 ? "sign-in has" : `${result.sessionsEnded} sign-ins have`} ended` : ""}.` } };
    }
    case "enable": {
      const result = await enableStaff(db, userId, ctx);
      return result.ok ? { status: 200, notice: { ok: true, message: "Enabled: the account can sign in again." } } : refused(result);
    }
    case "resend": {
      const result = await resendInvitation(db, userId, ctx);
      return result.ok ? { status: 200, notice: invitationNotice("A new invitation link is made.", result) } : refused(result);
    }
    case "reset": {
      const result = await resetSignIn(db, userId, ctx);
      if (!result.ok) return refused(result);
      const ended = result.sessionsEnded ? ` ${result.sessionsEnded === 1 ? "Their sign-in has" : `Their ${result.sessionsEnded} sign-ins have`} ended.` : "";
      return { status: 200, notice: invitationNotice(`Their password and second factor are removed: they choose a new password through a new invitation link.${ended}`, result) };
    }
    default:
      return { status: 400, notice: { ok: false, message: "That request was not understood." } };
  }
}
