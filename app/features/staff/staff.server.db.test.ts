/**
 * Staff accounts on the database (issue 27), PGlite or PostgreSQL (DATABASE_URL): an invitation
 * is the account, its staff row, its e-mail and its audit row or nothing; an address with an
 * account and the owner's are refused; the invitation link sets the password once and expires;
 * disabling ends the account's sessions in its own transaction, so its next request is signed
 * out, and better-auth gives it no new session; roles apply at the next request; the password
 * reset e-mail goes to existing, enabled accounts only, with the same answer for any address,
 * throttled, and its link works once and ends every session; the owner resets the sign-in of
 * someone who lost password and authenticator (a new invitation; old links and sessions end);
 * the admin's message pages hide both links.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrol } from "../../../tests/support/two-factor";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-staff-"));
const run = `${Date.now().toString(36)}${process.pid}`;
const OWNER = { email: `owner-${run}@test.example`, password: "owner-password-123" };
process.env.ADMIN_EMAIL = OWNER.email;

const { and, desc, eq, inArray } = await import("drizzle-orm");
const { getDatabase } = await import("~/db/client.server");
const { account, session, twoFactor, user } = await import("~/db/schema/auth");
const { staff } = await import("~/db/schema/staff");
const { auditLog } = await import("~/db/schema/audit");
const { messages } = await import("~/db/schema/messages");
const { LOOKUP_LIMITS } = await import("~/db/lookup-throttle.server");
const { messageByPublicId } = await import("~/core/messages/admin.server");
const { ensureAdminAccount } = await import("~/features/auth/admin-account.server");
const { getAuth, hashPassword } = await import("~/features/auth/auth.server");
const { ROLES } = await import("~/features/auth/permissions");
const { getSessionUser, requirePermission, signInWithPassword } = await import("~/features/auth/session.server");
const { requestPasswordReset, resetLinkWorks, resetPasswordWith } = await import("~/features/auth/password-reset.server");
const staffService = await import("./staff.server");
const { acceptInvitation, changeRoles, disableStaff, enableStaff, invitationFor, INVITATION_TTL_MS, inviteStaff, listStaff, resendInvitation, resetSignIn } = staffService;
import type { Actor } from "~/core/audit/audit.server";

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];
let db: Db;
let owner: Actor;
let n = 0;
const fresh = (name = "person") => `${name}-${++n}-${run}@test.example`;
const ctx = (now?: Date) => ({ actor: owner, roleNames: ROLES, now });
const ORIGIN = "http://localhost:3000";

function request(pathname: string, cookie?: string): Request {
  const headers = new Headers({ origin: ORIGIN, "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${pathname}`, { headers });
}

/** Signs in through the login screen's path; the session cookie, or null when refused. */
async function signIn(email: string, password: string, ip = "203.0.113.9"): Promise<string | null> {
  const result = await signInWithPassword({ email, password, ip, request: new Request(`${ORIGIN}/admin/login`, { method: "POST", headers: { origin: ORIGIN } }) });
  if (!result.ok) return null;
  return result.headers.getSetCookie().find((c) => c.includes("session_token="))!.split(";")[0]!;
}

/** The token of an invitation link. */
const tokenOf = (link: string) => link.split("/admin/invitation/")[1]!;

/** Invites `email` as a Viewer (or `roles`) and sets `password` through the link; returns the user id. */
async function activeStaff(email: string, password: string, roles: string[] = ["viewer"]): Promise<string> {
  const invited = await inviteStaff(db, { name: "Active Person", email, roles }, ctx());
  if (!invited.ok) throw new Error(invited.message);
  expect(await acceptInvitation(db, { token: tokenOf(invited.link), passwordHash: await hashPassword(password), ip: "203.0.113.9" })).toBe(true);
  return invited.userId;
}

async function auditOf(email: string) {
  return db.select().from(auditLog).where(and(eq(auditLog.entity, "staff"), eq(auditLog.entityId, email))).orderBy(auditLog.id);
}

/** What a guard did: passed, or threw a redirect (its location) or a status. */
async function guard(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "allowed";
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get("location")}`;
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return `status ${status}`;
    throw thrown;
  }
}

beforeAll(async () => {
  db = (await getDatabase()).db;
  await ensureAdminAccount(OWNER);
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, OWNER.email));
  owner = { userId: row!.id, email: OWNER.email, ip: "198.51.100.1" };
});
afterAll(async () => {
  await (await getDatabase()).close();
});

describe("inviting", () => {
  it("creates the account (verified, no password), its staff row, the invitation e-mail and the audit row together", async () => {
    const email = fresh("invitee");
    const at = new Date();
    const result = await inviteStaff(db, { name: "  Sunita Roy ", email: email.toUpperCase(), roles: ["viewer", "accounts", "viewer"] }, ctx(at));
    expect(result).toMatchObject({ ok: true, byHand: true });
    if (!result.ok) return;
    expect(result.link).toMatch(new RegExp(`^${process.env.PUBLIC_SITE_URL ?? "http://localhost:3000"}/admin/invitation/${result.userId}\\.\\d{13}\\.[\\w-]{32}$`));
    expect(result.expiresAt.getTime()).toBe(at.getTime() + INVITATION_TTL_MS);

    const [person] = await db.select().from(user).where(eq(user.id, result.userId));
    expect(person).toMatchObject({ name: "Sunita Roy", email, emailVerified: true });
    expect(await db.select().from(account).where(eq(account.userId, result.userId))).toEqual([]);
    const [row] = await db.select().from(staff).where(eq(staff.userId, result.userId));
    expect(row).toMatchObject({ roles: ["accounts", "viewer"], invitedBy: owner.userId, disabledAt: null });

    const [message] = await db.select().from(messages).where(eq(messages.related, `staff:${result.userId}`));
    expect(message).toMatchObject({ kind: "staff_invitation", audience: "staff", channel: "email", recipient: email, subject: "Your staff account at Kharagpur Vidya Academy" });
    expect(message!.bodyText).toContain(result.link);
    expect(message!.bodyText).toContain("School administrator");
    expect(message!.bodyText).toContain("as Accounts and Viewer");

    const audit = await auditOf(email);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "staff.invite", actorId: owner.userId, actorEmail: OWNER.email, ip: "198.51.100.1", before: null, after: { name: "Sunita Roy", email, roles: ["accounts", "viewer"] } });

    const [listed] = (await listStaff(db)).filter((s) => s.userId === result.userId);
    expect(listed).toMatchObject({ status: "invited", invitedBy: OWNER.email, roles: ["accounts", "viewer"], lastSignInAt: null });
  });

  it("leaves nothing behind when any part fails: the audit row cannot be written, so neither is the account nor the e-mail", async () => {
    const email = fresh("rolled-back");
    const broken = { ...ctx(), actor: { userId: owner.userId, email: null as unknown as string, ip: null } };
    await expect(inviteStaff(db, { name: "Rolled Back", email, roles: ["viewer"] }, broken)).rejects.toThrow();
    expect(await db.select().from(user).where(eq(user.email, email))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.recipient, email))).toEqual([]);
  });

  it("refuses an address that has an account (any case), the owner's address and an invitation without a role", async () => {
    const email = fresh("twice");
    expect((await inviteStaff(db, { name: "First", email, roles: ["viewer"] }, ctx())).ok).toBe(true);
    expect(await inviteStaff(db, { name: "Second", email: ` ${email.toUpperCase()} `, roles: ["editor"] }, ctx())).toEqual({ ok: false, status: 409, field: "email", message: "An account with this e-mail address already exists." });
    expect(await inviteStaff(db, { name: "Owner", email: OWNER.email.toUpperCase(), roles: ["viewer"] }, ctx())).toMatchObject({ ok: false, status: 409, field: "email", message: expect.stringContaining("owner's address") });
    expect(await inviteStaff(db, { name: "No Role", email: fresh(), roles: [] }, ctx())).toMatchObject({ ok: false, status: 400, field: "roles", message: "Choose at least one role" });
    expect(await inviteStaff(db, { name: "Bad Role", email: fresh(), roles: ["root"] }, ctx())).toMatchObject({ ok: false, status: 400, field: "roles" });
    expect(await inviteStaff(db, { name: "", email: fresh(), roles: ["viewer"] }, ctx())).toMatchObject({ ok: false, status: 400, field: "name" });
    expect(await inviteStaff(db, { name: "No Address", email: "not-an-address", roles: ["viewer"] }, ctx())).toMatchObject({ ok: false, status: 400, field: "email" });
    expect(await db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    expect((await auditOf(email)).map((a) => a.action)).toEqual(["staff.invite"]);
  });

  it("refuses two invitations of one address made at the same moment, but one", async () => {
    const email = fresh("race");
    const results = await Promise.all([1, 2, 3].map((i) => inviteStaff(db, { name: `Race ${i}`, email, roles: ["viewer"] }, ctx())));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r as { status: number }).status)).toEqual([409, 409]);
    expect(await db.select().from(messages).where(eq(messages.recipient, email))).toHaveLength(1);
  });
});

describe("the invitation link", () => {
  it("sets the password once: then it no longer works, and the person signs in", async () => {
    const email = fresh("accept");
    const invited = await inviteStaff(db, { name: "Accepting Person", email, roles: ["viewer"] }, ctx());
    if (!invited.ok) throw new Error(invited.message);
    const token = tokenOf(invited.link);
    expect(await invitationFor(db, token)).toEqual({ userId: invited.userId, name: "Accepting Person", email });
    expect(await signIn(email, "anything-at-all-1")).toBeNull();

    const passwordHash = await hashPassword("the-chosen-password-1");
    // Two submissions of the form at once: one sets the password.
    const both = await Promise.all([acceptInvitation(db, { token, passwordHash, ip: "203.0.113.5" }), acceptInvitation(db, { token, passwordHash, ip: "203.0.113.5" })]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(account).where(eq(account.userId, invited.userId))).toHaveLength(1);
    expect(await invitationFor(db, token)).toBeNull();
    expect(await acceptInvitation(db, { token, passwordHash: await hashPassword("a-later-password-22"), ip: null })).toBe(false);

    expect(await signIn(email, "a-later-password-22")).toBeNull();
    expect(await signIn(email, "the-chosen-password-1")).not.toBeNull();
    const audit = await auditOf(email);
    expect(audit.map((a) => a.action)).toEqual(["staff.invite", "staff.invitation_accepted"]);
    expect(audit[1]).toMatchObject({ actorId: invited.userId, actorEmail: email, ip: "203.0.113.5", before: { status: "invited" }, after: { status: "active" } });
    expect((await listStaff(db)).find((s) => s.userId === invited.userId)).toMatchObject({ status: "active", lastSignInAt: expect.any(Date) });
  });

  it("expires after 7 days, and a forged or altered link never works", async () => {
    const at = new Date();
    const invited = await inviteStaff(db, { name: "Late Person", email: fresh("late"), roles: ["viewer"] }, ctx(at));
    if (!invited.ok) throw new Error(invited.message);
    const token = tokenOf(invited.link);
    expect(await invitationFor(db, token, new Date(at.getTime() + INVITATION_TTL_MS))).not.toBeNull();
    const late = new Date(at.getTime() + INVITATION_TTL_MS + 1);
    expect(await invitationFor(db, token, late)).toBeNull();
    expect(await acceptInvitation(db, { token, passwordHash: await hashPassword("too-late-password-1"), ip: null }, late)).toBe(false);
    const [id, expires, mac] = token.split(".");
    expect(await invitationFor(db, `${id}.${Number(expires) + 86_400_000}.${mac}`)).toBeNull();
    expect(await invitationFor(db, `${owner.userId}.${expires}.${mac}`)).toBeNull();
    expect(await invitationFor(db, "nonsense")).toBeNull();
  });

  it("is sent again with a new link while no password is set, and not once one is or the account is disabled", async () => {
    const email = fresh("resend");
    const invited = await inviteStaff(db, { name: "Resent Person", email, roles: ["editor"] }, ctx());
    if (!invited.ok) throw new Error(invited.message);
    const later = new Date(Date.now() + 60_000);
    const again = await resendInvitation(db, invited.userId, ctx(later));
    expect(again).toMatchObject({ ok: true, byHand: true });
    if (!again.ok) return;
    expect(again.link).not.toBe(invited.link);
    expect(again.expiresAt.getTime()).toBe(later.getTime() + INVITATION_TTL_MS);
    expect(await db.select({ kind: messages.kind }).from(messages).where(eq(messages.recipient, email))).toEqual([{ kind: "staff_invitation" }, { kind: "staff_invitation" }]);
    expect((await auditOf(email)).map((a) => a.action)).toEqual(["staff.invite", "staff.invitation_resent"]);

    expect(await acceptInvitation(db, { token: tokenOf(again.link), passwordHash: await hashPassword("resent-password-12"), ip: null })).toBe(true);
    expect(await resendInvitation(db, invited.userId, ctx())).toMatchObject({ ok: false, status: 409 });
    const other = await inviteStaff(db, { name: "Disabled Invitee", email: fresh("resend-disabled"), roles: ["viewer"] }, ctx());
    if (!other.ok) throw new Error(other.message);
    await disableStaff(db, other.userId, ctx());
    expect(await resendInvitation(db, other.userId, ctx())).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("disabled") });
    expect(await invitationFor(db, tokenOf(other.link))).toBeNull();
    expect(await resendInvitation(db, "no-such-user", ctx())).toMatchObject({ ok: false, status: 404 });
  });
});

describe("disabling", () => {
  it("ends every session in its own transaction: the next request of a signed-in person is signed out, and sign-in is refused with the usual answer", async () => {
    const email = fresh("disable");
    const password = "disabled-person-pw1";
    const userId = await activeStaff(email, password);
    const first = (await signIn(email, password))!;
    const second = (await signIn(email, password, "203.0.113.10"))!;
    expect(await guard(() => requirePermission(request("/admin", first), "dashboard.view"))).toBe("allowed");
    expect((await getSessionUser(request("/admin", second)))?.user).toMatchObject({ email, roles: ["viewer"], owner: false });

    const result = await disableStaff(db, userId, ctx());
    expect(result).toEqual({ ok: true, sessionsEnded: 2 });
    expect(await db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect(await getSessionUser(request("/admin", first))).toBeNull();
    expect(await guard(() => requirePermission(request("/admin/enquiries?page=2", second), "enquiries.view"))).toBe("redirect /admin/login?redirectTo=%2Fadmin%2Fenquiries%3Fpage%3D2");

    // The right password: the login screen's usual refusal, and better-auth itself makes no session.
    expect(await signInWithPassword({ email, password, ip: "203.0.113.11", request: new Request(`${ORIGIN}/admin/login`, { method: "POST" }) })).toEqual({ ok: false, reason: "invalid" });
    await expect((await getAuth()).api.signInEmail({ body: { email, password } })).rejects.toMatchObject({ statusCode: 401 });
    expect(await db.select().from(session).where(eq(session.userId, userId))).toEqual([]);

    const audit = await auditOf(email);
    expect(audit.at(-1)).toMatchObject({ action: "staff.disable", before: { status: "active" }, after: { status: "disabled", sessionsEnded: 2 } });
    expect((await listStaff(db)).find((s) => s.userId === userId)).toMatchObject({ status: "disabled", disabledAt: expect.any(Date) });
    // Disabling twice changes nothing and records nothing.
    expect(await disableStaff(db, userId, ctx())).toEqual({ ok: true, sessionsEnded: 0 });
    expect((await auditOf(email)).filter((a) => a.action === "staff.disable")).toHaveLength(1);

    expect(await enableStaff(db, userId, ctx())).toEqual({ ok: true });
    expect(await signIn(email, password)).not.toBeNull();
    expect((await auditOf(email)).at(-1)).toMatchObject({ action: "staff.enable", before: { status: "disabled" }, after: { status: "active" } });
  });

  it("does not touch the owner, who has no staff row", async () => {
    expect(await disableStaff(db, owner.userId!, ctx())).toMatchObject({ ok: false, status: 404 });
    expect(await signIn(OWNER.email, OWNER.password)).not.toBeNull();
  });
});

describe("resetting a sign-in", () => {
  it("removes the password and the second factor, ends the sessions, and only the new invitation link opens the account", async () => {
    const email = fresh("reset");
    const invited = await inviteStaff(db, { name: "Forgetful Accountant", email, roles: ["accounts"] }, ctx());
    if (!invited.ok) throw new Error(invited.message);
    const first = tokenOf(invited.link);
    expect(await acceptInvitation(db, { token: first, passwordHash: await hashPassword("lost-password-123"), ip: null })).toBe(true);
    const { cookie } = await enrol({ email, password: "lost-password-123" }, (await signIn(email, "lost-password-123"))!);
    expect(await getSessionUser(request("/admin", cookie))).not.toBeNull();

    const later = new Date(Date.now() + 60_000);
    const reset = await resetSignIn(db, invited.userId, ctx(later));
    expect(reset).toMatchObject({ ok: true, byHand: true, sessionsEnded: 1 });
    if (!reset.ok) return;
    expect(await getSessionUser(request("/admin", cookie))).toBeNull();
    expect(await signIn(email, "lost-password-123")).toBeNull();
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, invited.userId))).toEqual([]);
    expect((await listStaff(db)).find((s) => s.userId === invited.userId)).toMatchObject({ status: "invited" });
    // The first invitation link was made before the reset: it stays closed, within its 7 days.
    expect(await invitationFor(db, first, later)).toBeNull();
    expect(await acceptInvitation(db, { token: first, passwordHash: await hashPassword("someone-else-12"), ip: null }, later)).toBe(false);
    expect(await invitationFor(db, tokenOf(reset.link), later)).toMatchObject({ userId: invited.userId });
    expect(await acceptInvitation(db, { token: tokenOf(reset.link), passwordHash: await hashPassword("a-new-password-45"), ip: null }, later)).toBe(true);

    // Accounts must have a second factor: the new sign-in is sent to set one up.
    const fresh2 = (await signIn(email, "a-new-password-45"))!;
    expect(await guard(() => requirePermission(request("/admin/fees", fresh2), "fees.view"))).toMatch(/^redirect \/admin\/account\/two-factor/);
    const audit = await auditOf(email);
    expect(audit.find((a) => a.action === "staff.sign_in_reset")).toMatchObject({
      actorEmail: OWNER.email,
      before: { status: "active", twoFactor: true, sessionsEnded: null, expiresAt: null },
      after: { status: "invited", twoFactor: false, sessionsEnded: 1, expiresAt: reset.expiresAt.toISOString() },
    });
  });

  it("refuses a disabled account and an unknown one", async () => {
    const email = fresh("reset-disabled");
    const userId = await activeStaff(email, "disabled-reset-pw1");
    await disableStaff(db, userId, ctx());
    expect(await resetSignIn(db, userId, ctx())).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("disabled") });
    expect(await signIn(email, "disabled-reset-pw1")).toBeNull();
    await enableStaff(db, userId, ctx());
    expect(await signIn(email, "disabled-reset-pw1")).not.toBeNull();
    expect(await resetSignIn(db, owner.userId!, ctx())).toMatchObject({ ok: false, status: 404 });
  });
});

describe("roles", () => {
  it("apply from the person's next request, and the change is audited with before and after", async () => {
    const email = fresh("roles");
    const password = "roles-person-pw-12";
    const userId = await activeStaff(email, password, ["viewer"]);
    const cookie = (await signIn(email, password))!;
    expect(await guard(() => requirePermission(request("/admin/fees", cookie), "fees.manage"))).toBe("status 403");
    expect(await changeRoles(db, userId, ["accounts", "viewer"], ctx())).toEqual({ ok: true, changed: true });
    // Accounts must sign in with a second factor: its set-up comes first, then the fees.
    expect(await guard(() => requirePermission(request("/admin/fees", cookie), "fees.manage"))).toBe("redirect /admin/account/two-factor?reason=required&redirectTo=%2Fadmin%2Ffees");
    const withCode = (await enrol({ email, password }, cookie)).cookie;
    expect(await guard(() => requirePermission(request("/admin/fees", withCode), "fees.manage"))).toBe("allowed");
    expect(await guard(() => requirePermission(request("/admin/staff", withCode), "staff.manage"))).toBe("status 403");
    expect(await changeRoles(db, userId, ["viewer", "accounts"], ctx())).toEqual({ ok: true, changed: false });
    expect(await changeRoles(db, userId, [], ctx())).toMatchObject({ ok: false, status: 400, field: "roles" });
    expect((await auditOf(email)).filter((a) => a.action === "staff.roles").map((a) => [a.before, a.after])).toEqual([[{ roles: ["viewer"] }, { roles: ["accounts", "viewer"] }]]);
  });
});

describe("password reset", () => {
  async function resetMessages(email: string) {
    return db.select().from(messages).where(and(eq(messages.recipient, email), eq(messages.kind, "password_reset"))).orderBy(desc(messages.id));
  }

  it("e-mails an enabled account a one-time link that sets the password and ends every session; the admin's message page hides it", async () => {
    const email = fresh("reset");
    const userId = await activeStaff(email, "old-password-12345");
    const cookie = (await signIn(email, "old-password-12345"))!;
    const request1 = await requestPasswordReset(db, { email: email.toUpperCase(), ip: "192.0.2.50" });
    expect(request1.throttled).toBe(false);
    if (!request1.throttled) await request1.sending;
    const [message] = await resetMessages(email);
    expect(message).toMatchObject({ audience: "staff", related: `staff:${userId}` });
    const token = /\/admin\/reset-password\/([A-Za-z0-9]+)/.exec(message!.bodyText)![1]!;
    expect(await resetLinkWorks(db, token)).toBe(true);

    const shown = (await messageByPublicId(db, message!.publicId))!;
    expect(shown.bodyText).not.toContain(token);
    expect(shown.bodyText).toContain("/admin/reset-password/[hidden]");
    expect(shown.bodyHtml).not.toContain(token);

    expect(await resetPasswordWith(db, token, "new-password-67890")).toBe(true);
    expect(await getSessionUser(request("/admin", cookie))).toBeNull();
    expect(await resetLinkWorks(db, token)).toBe(false);
    expect(await resetPasswordWith(db, token, "another-password-1")).toBe(false);
    expect(await signIn(email, "old-password-12345")).toBeNull();
    expect(await signIn(email, "new-password-67890")).not.toBeNull();
  });

  it("answers an unknown address and a disabled account the same, and e-mails neither", async () => {
    const unknown = fresh("nobody");
    const disabled = fresh("reset-disabled");
    const userId = await activeStaff(disabled, "disabled-reset-pw1");
    await disableStaff(db, userId, ctx());
    for (const email of [unknown, disabled]) {
      const result = await requestPasswordReset(db, { email, ip: "192.0.2.51" });
      expect(result.throttled).toBe(false);
      if (!result.throttled) await result.sending;
      expect(await resetMessages(email)).toEqual([]);
    }
  });

  it("takes 3 requests an hour for one address, from any address, and then sends nothing", async () => {
    const email = fresh("throttled");
    await activeStaff(email, "throttled-person-1");
    const at = new Date(Date.now() + 3 * 3_600_000);
    for (let i = 0; i < LOOKUP_LIMITS.password_reset.perKey; i++) {
      const result = await requestPasswordReset(db, { email, ip: `192.0.2.${60 + i}` }, at);
      expect(result.throttled).toBe(false);
      if (!result.throttled) await result.sending;
    }
    expect(await requestPasswordReset(db, { email, ip: "192.0.2.99" }, at)).toEqual({ throttled: true });
    expect(await resetMessages(email)).toHaveLength(LOOKUP_LIMITS.password_reset.perKey);
    expect((await requestPasswordReset(db, { email, ip: "192.0.2.99" }, new Date(at.getTime() + 3_600_001))).throttled).toBe(false);
  });
});

describe("the admin's message pages", () => {
  it("hide the invitation link of a stored invitation", async () => {
    const invited = await inviteStaff(db, { name: "Hidden Link", email: fresh("hidden"), roles: ["viewer"] }, ctx());
    if (!invited.ok) throw new Error(invited.message);
    const [stored] = await db.select().from(messages).where(inArray(messages.related, [`staff:${invited.userId}`]));
    expect(stored!.bodyText).toContain(tokenOf(invited.link));
    const shown = (await messageByPublicId(db, stored!.publicId))!;
    expect(shown.bodyText).not.toContain(tokenOf(invited.link));
    expect(shown.bodyHtml).not.toContain(tokenOf(invited.link));
    expect(shown.bodyText).toContain("/admin/invitation/[hidden]");
  });
});
