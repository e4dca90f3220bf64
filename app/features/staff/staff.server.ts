/**
 * The school's staff accounts (issue 27): the owner (ADMIN_EMAIL) invites a person with one or
 * more roles, changes their roles, disables and enables them, and sends the invitation again.
 * Plain functions over the database; every change is one transaction with its audit row
 * (`staff.invite`, `staff.roles`, `staff.disable`, `staff.enable`, `staff.invitation_resent`,
 * and the invitee's `staff.invitation_accepted`), so none exists without the other.
 *
 * An invitation is a better-auth user (e-mail verified: the owner vouches for it) with a staff
 * row and no password, plus a `staff_invitation` e-mail in the outbox carrying a signed link
 * (`/admin/invitation/<token>`, 7 days). The link sets the first password and works only while
 * the account has none, so it works once. Disabling deletes the account's sessions in the same
 * transaction: its next request is signed out (better-auth also refuses it a new session,
 * auth.server.ts). A person who lost both their password and their authenticator (and its
 * recovery codes) is invited afresh by the owner (`resetSignIn`): links made before that stop.
 */
import { randomBytes } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { recordAudit, type Actor } from "~/core/audit/audit.server";
import { enqueue } from "~/core/messages/outbox.server";
import type { Database } from "~/db/client.server";
import { account, session, twoFactor, user, verification } from "~/db/schema/auth";
import { staff } from "~/db/schema/staff";
import { sqlState } from "~/db/sql.server";
import { STAFF_ROLES, type StaffRole } from "~/db/staff-values";
import { getConfig } from "~/lib/config.server";
import { readSignedToken, signToken } from "~/lib/signed-token.server";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 86_400_000;

/** invited: no password chosen yet; active: may sign in; disabled: may not (whatever the password). */
export type StaffStatus = "invited" | "active" | "disabled";

export type StaffMember = {
  userId: string;
  name: string;
  email: string;
  roles: StaffRole[];
  /** The inviter's address; null for accounts made otherwise. */
  invitedBy: string | null;
  invitedAt: Date;
  disabledAt: Date | null;
  status: StaffStatus;
  /** The newest session still stored (sign-out and expiry remove them): a hint, not a history. */
  lastSignInAt: Date | null;
};

/** Each role's name as the office reads it (app/features/auth/permissions.ts ROLES fits). */
export type RoleNames = { readonly [R in StaffRole]: { readonly label: string } };

/** Who is acting, and the role names for the invitation e-mail. */
export type StaffContext = { actor: Actor; roleNames: RoleNames; now?: Date };

/** A change refused, with what to tell the owner (and which field, for a form). */
export type Refusal = { ok: false; status: 400 | 404 | 409; message: string; field?: "name" | "email" | "roles" };

/** An invitation just stored: its link and when it expires; `byHand` when no e-mail will carry it. */
export type Invitation = { link: string; expiresAt: Date; byHand: boolean };

const rolesSchema = z
  .array(z.enum(STAFF_ROLES, { error: "Choose roles from the list" }))
  .min(1, "Choose at least one role")
  .transform((roles) => STAFF_ROLES.filter((r) => roles.includes(r)));

export const inviteSchema = z.object({
  name: z.string().trim().min(1, "Please enter the person's name").max(100, "Please keep the name under 100 characters"),
  email: z.string().trim().toLowerCase().min(1, "Please enter their e-mail address").max(254).pipe(z.email("Please enter a valid e-mail address")),
  roles: rolesSchema,
});

/** An invitation as typed (checked by inviteSchema). */
export type InviteInput = { name: string; email: string; roles: readonly string[] };

/** Whether the account in column `userId` has a password (better-auth's credential account). */
const hasPassword = (userId: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${userId} and ${account.providerId} = 'credential' and ${account.password} is not null)`;

function statusOf(row: { disabledAt: Date | null; hasPassword: boolean }): StaffStatus {
  return row.disabledAt ? "disabled" : row.hasPassword ? "active" : "invited";
}

/** Every staff member, active and invited first by name, then the disabled. */
export async function listStaff(db: Database): Promise<StaffMember[]> {
  const inviter = alias(user, "inviter");
  const rows = await db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      roles: staff.roles,
      invitedBy: inviter.email,
      invitedAt: staff.invitedAt,
      disabledAt: staff.disabledAt,
      hasPassword: hasPassword(user.id),
      lastSignInAt: sql<Date | string | null>`(select max(${session.createdAt}) from ${session} where ${session.userId} = ${user.id})`,
    })
    .from(staff)
    .innerJoin(user, eq(user.id, staff.userId))
    .leftJoin(inviter, eq(inviter.id, staff.invitedBy))
    .orderBy(sql`${staff.disabledAt} is not null`, sql`lower(${user.name})`, user.email);
  return rows.map((r) => ({
    ...r,
    roles: r.roles as StaffRole[],
    status: statusOf(r),
    // A raw subquery's timestamp comes back as text on node-postgres.
    lastSignInAt: r.lastSignInAt === null ? null : new Date(r.lastSignInAt),
  }));
}

/** A new account id in better-auth's shape: 32 URL-safe characters (192 random bits). */
function newUserId(): string {
  return randomBytes(24).toString("base64url");
}

/** The signed token of an invitation to `userId`, valid INVITATION_TTL_MS from `now`. */
export function invitationToken(userId: string, now: Date): string {
  return signToken(getConfig().authSecret, "kva-staff-invitation", userId, INVITATION_TTL_MS, now);
}

/**
 * The account an invitation link is for, if its signature holds and it has not expired, and
 * when the link was made (its expiry less INVITATION_TTL_MS).
 */
function readInvitation(token: string, now: Date): { userId: string; madeAt: Date } | null {
  const read = readSignedToken(getConfig().authSecret, "kva-staff-invitation", token, now);
  return read ? { userId: read.subject, madeAt: new Date(read.expiresMs - INVITATION_TTL_MS) } : null;
}

/** Whether a link made at `madeAt` still opens the account: not disabled, no password yet, not made before the latest invitation. */
const invitationOpens = (member: { disabledAt: Date | null; hasPassword: boolean; invitedAt: Date | string }, madeAt: Date) =>
  !member.disabledAt && !member.hasPassword && madeAt.getTime() >= new Date(member.invitedAt).getTime();

/** The site path of an invitation link. */
export const invitationPath = (token: string) => `/admin/invitation/${token}`;

/** Enqueues the invitation e-mail in `tx`; returns the link and whether the owner must pass it on. */
async function sendInvitation(tx: Database, to: { userId: string; name: string; email: string; roles: StaffRole[] }, ctx: StaffContext, key: string): Promise<Invitation> {
  const now = ctx.now ?? new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const path = invitationPath(invitationToken(to.userId, now));
  const [inviter] = ctx.actor.userId ? await tx.select({ name: user.name }).from(user).where(eq(user.id, ctx.actor.userId)) : [];
  const stored = await enqueue(tx, {
    kind: "staff_invitation",
    data: {
      name: to.name,
      invitedBy: inviter ? `${inviter.name} (${ctx.actor.email})` : ctx.actor.email,
      roles: to.roles.map((r) => ctx.roleNames[r].label),
      link: path,
      expiresAt: expiresAt.toISOString(),
    },
    to: { email: to.email },
    key,
    related: `staff:${to.userId}`,
    now,
  });
  const config = getConfig();
  // No SMTP (held), the kind switched off (skipped) or a refused address (failed): nobody else will deliver it.
  const byHand = !config.mail.smtpUrl || stored.every((m) => m.status !== "queued");
  return { link: `${config.publicSiteUrl}${path}`, expiresAt, byHand };
}

const EXISTS: Refusal = { ok: false, status: 409, field: "email", message: "An account with this e-mail address already exists." };

/**
 * Invites a person: their account (no password yet), staff row, invitation e-mail and audit row,
 * in one transaction. Refuses invalid input (400), the owner's address and an address that has
 * an account (409). Throws what the database throws otherwise.
 */
export async function inviteStaff(db: Database, input: InviteInput, ctx: StaffContext): Promise<({ ok: true; userId: string } & Invitation) | Refusal> {
  const parsed = inviteSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, status: 400, field: issue.path[0] as Refusal["field"], message: issue.message };
  }
  const { name, email, roles } = parsed.data;
  if (email === getConfig().adminEmail) {
    return { ok: false, status: 409, field: "email", message: "This is the owner's address (ADMIN_EMAIL): it already holds every permission and needs no invitation." };
  }
  const now = ctx.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`);
      if (taken) return EXISTS;
      const userId = newUserId();
      await tx.insert(user).values({ id: userId, name, email, emailVerified: true, createdAt: now, updatedAt: now });
      await tx.insert(staff).values({ userId, roles, invitedBy: ctx.actor.userId, invitedAt: now });
      const invitation = await sendInvitation(tx, { userId, name, email, roles }, ctx, `${userId}:invite`);
      await recordAudit(tx, { actor: ctx.actor, action: "staff.invite", entity: "staff", entityId: email, after: { name, email, roles }, at: now });
      return { ok: true as const, userId, ...invitation };
    });
  } catch (error) {
    // Two invitations of one address at once: the second meets user.email's unique index.
    if (sqlState(error) === "23505") return EXISTS;
    throw error;
  }
}

type Locked = { userId: string; name: string; email: string; roles: StaffRole[]; invitedAt: Date; disabledAt: Date | null; hasPassword: boolean };

/** The staff member `userId`, their row locked for the rest of `tx`; null when there is none. */
async function lockStaff(tx: Database, userId: string): Promise<Locked | null> {
  const [locked] = await tx.select({ userId: staff.userId }).from(staff).where(eq(staff.userId, userId)).for("update");
  if (!locked) return null;
  // Read after the lock, in a statement of its own: on PostgreSQL a statement that waited for
  // the lock still sees the rest of the database as it was when it began (a password another
  // transaction set meanwhile would be missed).
  const [row] = await tx
    .select({ userId: staff.userId, roles: staff.roles, invitedAt: staff.invitedAt, disabledAt: staff.disabledAt, name: user.name, email: user.email, hasPassword: hasPassword(staff.userId) })
    .from(staff)
    .innerJoin(user, eq(user.id, staff.userId))
    .where(eq(staff.userId, userId));
  return row ? { ...row, roles: row.roles as StaffRole[] } : null;
}

const NOT_FOUND: Refusal = { ok: false, status: 404, message: "That staff member no longer exists." };

/** Replaces the roles of `userId` (at least one). Takes effect at their next request. */
export async function changeRoles(db: Database, userId: string, roles: unknown, ctx: StaffContext): Promise<{ ok: true; changed: boolean } | Refusal> {
  const parsed = rolesSchema.safeParse(roles);
  if (!parsed.success) return { ok: false, status: 400, field: "roles", message: parsed.error.issues[0]!.message };
  return db.transaction(async (tx) => {
    const member = await lockStaff(tx, userId);
    if (!member) return NOT_FOUND;
    if (member.roles.join() === parsed.data.join()) return { ok: true as const, changed: false };
    await tx.update(staff).set({ roles: parsed.data }).where(eq(staff.userId, userId));
    await recordAudit(tx, { actor: ctx.actor, action: "staff.roles", entity: "staff", entityId: member.email, before: { roles: member.roles }, after: { roles: parsed.data }, at: ctx.now });
    return { ok: true as const, changed: true };
  });
}

/**
 * Disables `userId`: sets disabled_at, deletes every session of the account and any pending
 * password reset, in one transaction: their next request finds no session. Returns how many
 * sessions ended (0 when they were already disabled).
 */
export async function disableStaff(db: Database, userId: string, ctx: StaffContext): Promise<{ ok: true; sessionsEnded: number } | Refusal> {
  const now = ctx.now ?? new Date();
  return db.transaction(async (tx) => {
    const member = await lockStaff(tx, userId);
    if (!member) return NOT_FOUND;
    if (member.disabledAt) return { ok: true as const, sessionsEnded: 0 };
    await tx.update(staff).set({ disabledAt: now }).where(eq(staff.userId, userId));
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    await tx.delete(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "staff.disable",
      entity: "staff",
      entityId: member.email,
      before: { status: statusOf({ ...member, disabledAt: null }) },
      after: { status: "disabled", sessionsEnded: ended.length },
      at: now,
    });
    return { ok: true as const, sessionsEnded: ended.length };
  });
}

/** Enables `userId` again: they sign in with the password they had (or are still invited). */
export async function enableStaff(db: Database, userId: string, ctx: StaffContext): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const member = await lockStaff(tx, userId);
    if (!member) return NOT_FOUND;
    if (!member.disabledAt) return { ok: true as const };
    await tx.update(staff).set({ disabledAt: null }).where(eq(staff.userId, userId));
    await recordAudit(tx, { actor: ctx.actor, action: "staff.enable", entity: "staff", entityId: member.email, before: { status: "disabled" }, after: { status: statusOf({ ...member, disabledAt: null }) }, at: ctx.now });
    return { ok: true as const };
  });
}

/**
 * Sends the invitation of `userId` again with a new 7-day link (earlier links keep working
 * until they expire or a password is set). Refuses an account that has a password or is disabled.
 */
export async function resendInvitation(db: Database, userId: string, ctx: StaffContext): Promise<({ ok: true } & Invitation) | Refusal> {
  const now = ctx.now ?? new Date();
  return db.transaction(async (tx) => {
    const member = await lockStaff(tx, userId);
    if (!member) return NOT_FOUND;
    if (member.disabledAt) return { ok: false as const, status: 409 as const, message: "This account is disabled: enable it first." };
    if (member.hasPassword) return { ok: false as const, status: 409 as const, message: "This person has already chosen a password: they sign in, or use “Forgot your password?”." };
    const invitation = await sendInvitation(tx, member, { ...ctx, now }, `${userId}:resend:${now.getTime()}`);
    await recordAudit(tx, { actor: ctx.actor, action: "staff.invitation_resent", entity: "staff", entityId: member.email, after: { expiresAt: invitation.expiresAt.toISOString() }, at: now });
    return { ok: true as const, ...invitation };
  });
}

/**
 * Invites `userId` afresh, for a person who lost their password and their second factor (with
 * its recovery codes): removes the password, the second factor, every session and any pending
 * password reset, makes the invitation the latest (links made before it no longer open the
 * account) and sends a new one, with the audit row (`staff.sign_in_reset`), in one transaction.
 * They choose a new password through the link and, if their roles need one, set up a new second
 * factor at their next sign-in. Refuses a disabled account (enable it first). The owner has no
 * staff row: theirs is `npm run admin:create -- --reset-two-factor` on the server.
 */
export async function resetSignIn(db: Database, userId: string, ctx: StaffContext): Promise<({ ok: true; sessionsEnded: number } & Invitation) | Refusal> {
  const now = ctx.now ?? new Date();
  return db.transaction(async (tx) => {
    const member = await lockStaff(tx, userId);
    if (!member) return NOT_FOUND;
    if (member.disabledAt) return { ok: false as const, status: 409 as const, message: "This account is disabled: enable it first." };
    await tx.update(account).set({ password: null, updatedAt: now }).where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    const [factor] = await tx.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: now }).where(eq(user.id, userId));
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    await tx.delete(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
    await tx.update(staff).set({ invitedAt: now }).where(eq(staff.userId, userId));
    const invitation = await sendInvitation(tx, member, { ...ctx, now }, `${userId}:reset:${now.getTime()}`);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: "staff.sign_in_reset",
      entity: "staff",
      entityId: member.email,
      before: { status: statusOf(member), twoFactor: factor?.enabled ?? false },
      after: { status: "invited", twoFactor: false, sessionsEnded: ended.length, expiresAt: invitation.expiresAt.toISOString() },
      at: now,
    });
    return { ok: true as const, sessionsEnded: ended.length, ...invitation };
  });
}

/** Who an invitation link is for while it may still be used; null when forged, expired, used or disabled. */
export async function invitationFor(db: Database, token: string, now = new Date()): Promise<{ userId: string; name: string; email: string } | null> {
  const link = readInvitation(token, now);
  if (!link) return null;
  const [row] = await db
    .select({ userId: user.id, name: user.name, email: user.email, invitedAt: staff.invitedAt, disabledAt: staff.disabledAt, hasPassword: hasPassword(user.id) })
    .from(staff)
    .innerJoin(user, eq(user.id, staff.userId))
    .where(eq(staff.userId, link.userId));
  return row && invitationOpens(row, link.madeAt) ? { userId: row.userId, name: row.name, email: row.email } : null;
}

/**
 * Sets the first password of an invitation's account: its credential account (better-auth's
 * "credential" provider, as `linkAccount` writes it) with `passwordHash`, and the audit row, in
 * one transaction holding the staff row, so two submissions of one link cannot both succeed.
 * False when the link is forged, expired, already used or the account is disabled.
 */
export async function acceptInvitation(db: Database, input: { token: string; passwordHash: string; ip: string | null }, now = new Date()): Promise<boolean> {
  const link = readInvitation(input.token, now);
  if (!link) return false;
  const { userId } = link;
  return db.transaction(async (tx) => {
    const member = await lockStaff(tx, userId);
    if (!member || !invitationOpens(member, link.madeAt)) return false;
    const [credential] = await tx.select({ id: account.id }).from(account).where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    if (credential) await tx.update(account).set({ password: input.passwordHash, updatedAt: now }).where(eq(account.id, credential.id));
    else await tx.insert(account).values({ id: newUserId(), accountId: userId, providerId: "credential", userId, password: input.passwordHash, createdAt: now, updatedAt: now });
    await recordAudit(tx, { actor: { userId, email: member.email, ip: input.ip }, action: "staff.invitation_accepted", entity: "staff", entityId: member.email, before: { status: "invited" }, after: { status: "active" }, at: now });
    return true;
  });
}
