/**
 * Creates or resets the one administrator account (SPEC §6: the ADMIN_EMAIL address is ADMIN).
 * No default password is ever shipped: a password is given, or generated and returned once.
 */
import { randomBytes } from "node:crypto";
import { getAuth, MIN_PASSWORD_LENGTH } from "./auth.server";

export type AdminAccountResult = {
  email: string;
  /** "created", "reset" (password replaced) or "exists" (left as it was). */
  outcome: "created" | "reset" | "exists";
  /** The generated password, only when this call generated one; show it once. */
  generatedPassword?: string;
};

/** A 20-character password from 15 random bytes (120 bits), base64url. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

/**
 * Ensures an account for `email` exists.
 * - Missing account: created with `password` or a generated one.
 * - Existing account: untouched, unless `reset` is true, when its password becomes `password`
 *   (or a generated one) and all its sessions end.
 * Throws when `password` is shorter than 12 characters, or when the database fails.
 */
export async function ensureAdminAccount(options: {
  email: string;
  password?: string;
  reset?: boolean;
}): Promise<AdminAccountResult> {
  const email = options.email.trim().toLowerCase();
  if (options.password !== undefined && options.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The administrator password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const ctx = await (await getAuth()).$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (existing && !options.reset) return { email, outcome: "exists" };

  const generatedPassword = options.password === undefined ? generatePassword() : undefined;
  const passwordHash = await ctx.password.hash(options.password ?? generatedPassword!);
  if (existing) {
    const credential = existing.accounts.find((a) => a.providerId === "credential");
    if (credential) await ctx.internalAdapter.updatePassword(existing.user.id, passwordHash);
    else {
      await ctx.internalAdapter.linkAccount({
        userId: existing.user.id,
        providerId: "credential",
        accountId: existing.user.id,
        password: passwordHash,
      });
    }
    await ctx.internalAdapter.deleteUserSessions(existing.user.id);
    return { email, outcome: "reset", generatedPassword };
  }
  const created = await ctx.internalAdapter.createUser(
    { email, name: "School administrator", emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: passwordHash,
  });
  return { email, outcome: "created", generatedPassword };
}
