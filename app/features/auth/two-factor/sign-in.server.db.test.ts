/**
 * Signing in with a second factor against a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): the owner is sent to set it up; after the password the code is asked; a right
 * TOTP signs in; wrong codes are failures of the sign-in throttle (decision 007) and the right
 * password does not wipe them; a recovery code works once; the set-up page's password is
 * throttled too; clearing the second factor (a lost phone) ends the sessions.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { codeOf, cookiesAfter } from "../../../../tests/support/totp";
import { browserRequest, enrol } from "../../../../tests/support/two-factor";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-two-factor-"));
const run = Date.now().toString(36);
const OWNER = { email: `owner-${run}@test.example`, password: "owner-password-123" };
process.env.ADMIN_EMAIL = OWNER.email;

const { getDatabase } = await import("~/db/client.server");
const { signInFailures } = await import("~/db/schema/sign-in-attempts");
const { ensureAdminAccount } = await import("../admin-account.server");
const { getSessionUser, requirePermission, requireSignedIn, requireStaff, signInWithPassword } = await import("../session.server");
const { FREE_FAILURES } = await import("../sign-in-throttle.server");
const { signInWithSecondFactor } = await import("./sign-in.server");
const { clearSecondFactor, confirmSetUp, recoveryCodesOf, startSetUp, turnOff } = await import("./set-up.server");

type Account = { email: string; password: string };

/** A new account (not the owner) for one test, so wrong codes of one test never lock another's. */
async function account(name: string): Promise<Account> {
  const made = { email: `${name}-${run}@test.example`, password: `${name}-password-123` };
  await ensureAdminAccount(made);
  return made;
}

async function passwordStep(who: Account, ip: string, cookie?: string) {
  return signInWithPassword({ ...who, ip, request: browserRequest("/admin/login", { method: "POST", cookie }) });
}

/** Signs in with the password only (no second factor yet) and sets one up; returns its URI. */
async function enrolled(who: Account): Promise<string> {
  const first = await passwordStep(who, "203.0.113.80");
  if (!first.ok) throw new Error(first.reason);
  return (await enrol(who, cookiesAfter(first.headers.getSetCookie()))).uri;
}

/** The cookies of the second step after a right password. */
async function challenge(who: Account, ip: string): Promise<string> {
  const result = await passwordStep(who, ip);
  expect(result).toMatchObject({ ok: false, reason: "second-factor" });
  return cookiesAfter((result as { headers: Headers }).headers.getSetCookie());
}

function codeStep(code: string, cookie: string, ip: string) {
  return signInWithSecondFactor({ code, ip, request: browserRequest("/admin/login/code", { method: "POST", cookie }) });
}

async function failuresOf(email: string, ip: string): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db.select({ n: count() }).from(signInFailures).where(and(eq(signInFailures.email, email), eq(signInFailures.ip, ip)));
  return Number(row?.n ?? 0);
}

/** A TOTP code that is not the right one now (nor in the window either side). */
function wrongCode(uri: string): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => codeOf(uri, Date.now() + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

describe("two-factor sign-in", () => {
  beforeAll(async () => {
    await getDatabase();
    await ensureAdminAccount(OWNER);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await (await getDatabase()).close();
  });

  it("sends the owner without a second factor to set it up, from every admin page but that one", async () => {
    const first = await passwordStep(OWNER, "203.0.113.10");
    expect(first.ok).toBe(true);
    const cookie = cookiesAfter((first as { headers: Headers }).headers.getSetCookie());
    for (const check of [() => requirePermission(browserRequest("/admin/fees?tab=x", { cookie }), "fees.view"), () => requireStaff(browserRequest("/admin/fees?tab=x", { cookie }))]) {
      const thrown = await check().catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location")).toBe("/admin/account/two-factor?reason=required&redirectTo=%2Fadmin%2Ffees%3Ftab%3Dx");
    }
    // The set-up page, and the admin frame around it, open.
    const setUp = browserRequest("/admin/account/two-factor", { cookie });
    await expect(requireSignedIn(setUp)).resolves.toMatchObject({ user: { email: OWNER.email, twoFactorEnabled: false } });
    await expect(requireStaff(setUp)).resolves.toMatchObject({ user: { email: OWNER.email } });
    // Once it is on, the owner's pages open.
    const after = await enrol(OWNER, cookie);
    await expect(requirePermission(browserRequest("/admin/fees", { cookie: after.cookie }), "fees.view")).resolves.toMatchObject({ user: { twoFactorEnabled: true } });
  });

  it("asks for the code after a right password, and a right TOTP code signs in with a session and a device cookie", async () => {
    const who = await account("right");
    const uri = await enrolled(who);
    const cookie = await challenge(who, "203.0.113.20");
    expect(cookie).toMatch(/kva\.two_factor=/);
    expect(cookie).toMatch(/kva\.second_step=/);
    expect(cookie).not.toMatch(/session_token=/);
    const result = await codeStep(codeOf(uri), cookie, "203.0.113.20");
    expect(result.ok).toBe(true);
    const lines = (result as { headers: Headers }).headers.getSetCookie();
    expect(lines.find((c) => c.startsWith("kva.session_token="))).toMatch(/HttpOnly/);
    expect(lines.some((c) => c.startsWith("kva.device="))).toBe(true);
    const session = await getSessionUser(browserRequest("/admin", { cookie: cookiesAfter(lines, cookie) }));
    expect(session?.user).toMatchObject({ email: who.email, twoFactorEnabled: true });
    // The challenge is spent: the same cookies cannot sign in a second time.
    expect(await codeStep(codeOf(uri), cookie, "203.0.113.20")).toMatchObject({ ok: false, reason: "expired" });
  });

  it("counts wrong codes as failed sign-ins: after the free ones the throttle's wait applies, and a right password does not clear them", async () => {
    const who = await account("wrong");
    const uri = await enrolled(who);
    const ip = "203.0.113.30";
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    let cookie = await challenge(who, ip);
    for (let i = 0; i < FREE_FAILURES; i++) {
      vi.setSystemTime(start + i * 100);
      expect(await codeStep(wrongCode(uri), cookie, ip)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await failuresOf(who.email, ip)).toBe(FREE_FAILURES);
    // The next try waits, the password step as well.
    vi.setSystemTime(start + FREE_FAILURES * 100);
    expect(await passwordStep(who, ip)).toMatchObject({ ok: false, reason: "throttled" });
    // After the wait the right password asks for the code again, and the failures stay.
    let now = start + (FREE_FAILURES - 1) * 100 + 1_100;
    vi.setSystemTime(now);
    cookie = await challenge(who, ip);
    expect(await failuresOf(who.email, ip)).toBe(FREE_FAILURES);
    // One more wrong code doubles the wait: even the right code must wait for it.
    expect(await codeStep(wrongCode(uri), cookie, ip)).toEqual({ ok: false, reason: "invalid" });
    const waited = await codeStep(codeOf(uri), cookie, ip);
    expect(waited).toMatchObject({ ok: false, reason: "throttled" });
    expect((waited as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(1_000);
    // Once it is over the right code signs in and clears the failures.
    now += 2_100;
    vi.setSystemTime(now);
    expect((await codeStep(codeOf(uri), cookie, ip)).ok).toBe(true);
    expect(await failuresOf(who.email, ip)).toBe(0);
  });

  it("accepts a recovery code once, in any case, and refuses it the second time", async () => {
    const who = await account("recovery");
    await enrolled(who);
    const [code, other, third] = await recoveryCodesOf((await getSessionUser(browserRequest("/admin", { cookie: await signedInCookie(who) })))!.user.id);
    // Lower case, without the look-alikes i, l, o, 0 and 1.
    expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect((await codeStep(third!.toUpperCase(), await challenge(who, "203.0.113.41"), "203.0.113.41")).ok).toBe(true);
    expect((await codeStep(code!, await challenge(who, "203.0.113.40"), "203.0.113.40")).ok).toBe(true);
    expect(await codeStep(code!, await challenge(who, "203.0.113.40"), "203.0.113.40")).toEqual({ ok: false, reason: "invalid" });
    // Typed without its dash, another one works.
    expect((await codeStep(other!.replace("-", ""), await challenge(who, "203.0.113.40"), "203.0.113.40")).ok).toBe(true);
  });

  it("a set-up started again (the page reloaded) shows the same key, so the code of the app that scanned it turns it on", async () => {
    const who = await account("reload");
    const first = await passwordStep(who, "203.0.113.65");
    const cookie = cookiesAfter((first as { headers: Headers }).headers.getSetCookie());
    const session = (await getSessionUser(browserRequest("/admin/account/two-factor", { cookie })))!;
    const request = browserRequest("/admin/account/two-factor", { method: "POST", cookie });
    const started = await startSetUp(session.user, { password: who.password, ip: "203.0.113.65", request });
    const again = await startSetUp(session.user, { password: who.password, ip: "203.0.113.65", request });
    if (!started.ok || !again.ok) throw new Error("set-up refused");
    expect(new URL(again.uri).searchParams.get("secret")).toBe(new URL(started.uri).searchParams.get("secret"));
    expect((await confirmSetUp({ code: codeOf(started.uri), request })).ok).toBe(true);
  });

  it("refuses a code without a challenge, or with another sign-in's challenge", async () => {
    const a = await account("bind-a");
    const b = await account("bind-b");
    const uriA = await enrolled(a);
    await enrolled(b);
    expect(await codeStep(codeOf(uriA), "", "203.0.113.50")).toMatchObject({ ok: false, reason: "expired" });
    const cookieA = await challenge(a, "203.0.113.50");
    const cookieB = await challenge(b, "203.0.113.50");
    // A's own step with B's better-auth challenge: our cookie no longer matches it.
    const mixed = cookieA.replace(/kva\.two_factor=[^;]*/, cookieB.match(/kva\.two_factor=[^;]*/)![0]);
    expect(await codeStep(codeOf(uriA), mixed, "203.0.113.50")).toMatchObject({ ok: false, reason: "expired" });
  });

  it("throttles the set-up page's password, and refuses the owner turning the second factor off", async () => {
    const who = await account("setup");
    const first = await passwordStep(who, "203.0.113.60");
    const cookie = cookiesAfter((first as { headers: Headers }).headers.getSetCookie());
    const session = (await getSessionUser(browserRequest("/admin/account/two-factor", { cookie })))!;
    const request = browserRequest("/admin/account/two-factor", { method: "POST", cookie });
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect(await startSetUp(session.user, { password: "not-the-password", ip: "203.0.113.61", request })).toEqual({ ok: false, reason: "password" });
    }
    expect(await startSetUp(session.user, { password: who.password, ip: "203.0.113.61", request })).toMatchObject({ ok: false, reason: "throttled" });
    const owner = (await getSessionUser(browserRequest("/admin", { cookie: await signedInCookie(OWNER) })))!;
    expect(await turnOff(owner.user, { password: OWNER.password, ip: "203.0.113.62", request })).toEqual({ ok: false, reason: "required" });
  });

  it("clearing the second factor (a lost phone) ends the sessions; the next sign-in needs no code and sets it up again", async () => {
    const who = await account("lost");
    await enrolled(who);
    const cookie = await signedInCookie(who);
    expect(await clearSecondFactor(who.email)).toBe(true);
    expect(await getSessionUser(browserRequest("/admin", { cookie }))).toBeNull();
    const again = await passwordStep(who, "203.0.113.70");
    expect(again.ok).toBe(true);
    expect(await clearSecondFactor("nobody@test.example")).toBe(false);
  });
});

/** Cookies of a full sign-in (password, then the code) of an account set up in this file. */
async function signedInCookie(who: Account): Promise<string> {
  const { signedInWithCode } = await import("../../../../tests/support/two-factor");
  return signedInWithCode(who, "203.0.113.99");
}
