/**
 * better-auth instance (DESIGN.md §2, §6): email + password only, sign-up disabled, argon2id
 * (m=19456 KiB, t=2, p=1), sessions expire after 30 minutes idle (SPEC §9, ASVS 3.3.2).
 * Password reset by e-mail through the outbox (a one-time link for an hour; every session of
 * the account ends when it is used). A disabled staff account gets no session by any path and
 * no reset e-mail (issue 27). A second factor (TOTP from an authenticator app, or a one-time
 * recovery code) for those who have set one up: better-auth's twoFactor plugin, driven by
 * two-factor/*.server.ts.
 */
import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { newRecoveryCodes } from "./two-factor/recovery-codes";
import { hash, verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { school } from "#content/school";
import { enqueue } from "~/core/messages/outbox.server";
import { getDb, type Database } from "~/db/client.server";
import { account, session, twoFactor, user, verification } from "~/db/schema/auth";
import { staff } from "~/db/schema/staff";
import { getConfig } from "~/lib/config.server";

/** argon2id parameters of DESIGN.md §6 (OWASP Password Storage Cheat Sheet minimum). */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; returns the PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** Minimum administrator password length (DESIGN.md §6). */
export const MIN_PASSWORD_LENGTH = 12;

/** How long a password reset link works, in seconds (OWASP Forgot Password Cheat Sheet: short). */
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;

/** The page a reset e-mail links to; the token is better-auth's (reset-password.tsx uses it). */
export const resetPasswordPath = (token: string) => `/admin/reset-password/${token}`;

/** Whether `userId` is a staff account the owner disabled (staff.disabled_at set). */
export async function isDisabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ disabledAt: staff.disabledAt }).from(staff).where(eq(staff.userId, userId));
  return Boolean(row?.disabledAt);
}

export type AuthOptions = {
  db: Database;
  /** PUBLIC_SITE_URL */
  baseURL: string;
  /** AUTH_SECRET */
  secret: string;
  /** Secure cookies (with the __Secure- prefix): production. */
  secureCookies: boolean;
};

/** A better-auth instance over `db`; `getAuth()` is the process-wide one. */
export function createAuth({ db, baseURL, secret, secureCookies }: AuthOptions) {
  return betterAuth({
    baseURL,
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: ({ hash: h, password }) => verify(h, password) },
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Called by auth.api.requestPasswordReset for an existing account only; the page answers
      // the same either way. The e-mail waits in the outbox (held without SMTP).
      sendResetPassword: async ({ user: person, token }) => {
        if (await isDisabled(db, person.id)) return;
        await enqueue(db, {
          kind: "password_reset",
          data: { name: person.name, link: resetPasswordPath(token), expiresAt: new Date(Date.now() + RESET_PASSWORD_TTL_SECONDS * 1000).toISOString() },
          to: { email: person.email },
          // Unique per request without writing the token itself into the key.
          key: `${person.id}:${createHash("sha256").update(token).digest("base64url").slice(0, 16)}`,
          related: `staff:${person.id}`,
        });
      },
    },
    session: { expiresIn: 30 * 60, updateAge: 60 },
    plugins: [
      // The authenticator app lists the account under the school's name. Its other defaults are
      // ours too: 6 digits every 30 s, 10 recovery codes stored encrypted, a sign-in challenge of
      // 10 minutes and 5 tries, and 15 minutes' lock after 10 wrong codes in a row. Recovery
      // codes avoid look-alike characters and are typed in any case (recovery-codes.ts).
      twoFactorPlugin({ issuer: school.name, backupCodeOptions: { customBackupCodesGenerate: newRecoveryCodes } }),
    ],
    advanced: {
      useSecureCookies: secureCookies,
      cookiePrefix: "kva",
    },
    telemetry: { enabled: false },
    // No sign-in path (password, a second factor, a reset) makes a session for a disabled account;
    // session.server.ts also refuses a session that raced the disabling.
    databaseHooks: {
      session: { create: { before: async (s) => ((await isDisabled(db, s.userId)) ? false : undefined) } },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let current: Promise<Auth> | undefined;

/** The process-wide better-auth instance from `getConfig()`, created on first use. */
export function getAuth(): Promise<Auth> {
  const config = getConfig();
  current ??= getDb()
    .then((db) => createAuth({ db, baseURL: config.publicSiteUrl, secret: config.authSecret, secureCookies: config.production }))
    .catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}
