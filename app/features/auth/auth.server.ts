/**
 * better-auth instance (DESIGN.md §2, §6): email + password only, sign-up disabled, argon2id
 * (m=19456 KiB, t=2, p=1), sessions expire after 30 minutes idle (SPEC §9, ASVS 3.3.2), and a
 * second factor (TOTP from an authenticator app, or a one-time recovery code) for those who
 * have set one up (better-auth's twoFactor plugin; two-factor.server.ts drives it).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { hash, verify } from "@node-rs/argon2";
import { school } from "#content/school";
import { getDb, type Database } from "~/db/client.server";
import { account, session, twoFactor, user, verification } from "~/db/schema/auth";
import { getConfig } from "~/lib/config.server";

/** argon2id parameters of DESIGN.md §6 (OWASP Password Storage Cheat Sheet minimum). */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; returns the PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** Minimum administrator password length (DESIGN.md §6). */
export const MIN_PASSWORD_LENGTH = 12;

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
    },
    session: { expiresIn: 30 * 60, updateAge: 60 },
    plugins: [
      // The authenticator app lists the account under the school's name. Its other defaults are
      // ours too: 6 digits every 30 s, 10 recovery codes stored encrypted, a sign-in challenge of
      // 10 minutes and 5 tries, and 15 minutes' lock after 10 wrong codes in a row.
      twoFactorPlugin({ issuer: school.name }),
    ],
    advanced: {
      useSecureCookies: secureCookies,
      cookiePrefix: "kva",
    },
    telemetry: { enabled: false },
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
