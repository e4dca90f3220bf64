/**
 * The administrator account is created once, never overwritten by a restart, and reset only
 * on request; passwords are argon2id (DESIGN.md §6). Runs on PGlite, or on PostgreSQL when
 * DATABASE_URL is set.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-admin-"));

const { getDatabase } = await import("~/db/client.server");
const { getAuth } = await import("./auth.server");
const { ensureAdminAccount } = await import("./admin-account.server");

const email = `admin-${Date.now()}@test.example`;

async function signIn(password: string): Promise<boolean> {
  const auth = await getAuth();
  try {
    const result = await auth.api.signInEmail({ body: { email, password } });
    return Boolean(result.token);
  } catch {
    return false;
  }
}

describe("ensureAdminAccount", () => {
  beforeAll(async () => {
    await getDatabase();
  });
  afterAll(async () => {
    await (await getDatabase()).close();
  });

  it("creates the account with the given password, stored as argon2id", async () => {
    const result = await ensureAdminAccount({ email: email.toUpperCase(), password: "first-password-123" });
    expect(result).toEqual({ email, outcome: "created", generatedPassword: undefined });
    expect(await signIn("first-password-123")).toBe(true);
    const ctx = await (await getAuth()).$context;
    const found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
    expect(found?.accounts[0]?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("leaves an existing account alone on the next start", async () => {
    const result = await ensureAdminAccount({ email, password: "another-password-456" });
    expect(result.outcome).toBe("exists");
    expect(await signIn("first-password-123")).toBe(true);
    expect(await signIn("another-password-456")).toBe(false);
  });

  it("resets to a generated 20-character password that replaces the old one", async () => {
    const result = await ensureAdminAccount({ email, reset: true });
    expect(result.outcome).toBe("reset");
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await signIn("first-password-123")).toBe(false);
    expect(await signIn(result.generatedPassword!)).toBe(true);
  });

  it("refuses passwords shorter than 12 characters", async () => {
    await expect(ensureAdminAccount({ email, password: "short-pw", reset: true })).rejects.toThrow(/at least 12/);
    expect(await signIn("short-pw")).toBe(false);
  });
});
