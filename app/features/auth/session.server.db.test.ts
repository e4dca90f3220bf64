/**
 * Administrator sessions against a real database (PGlite, or PostgreSQL with DATABASE_URL):
 * cookie flags, a new session id at every sign-in, sign-out that ends the session on the
 * server, the 30-minute idle limit on the server, the sign-in throttle, the permission check
 * (a staff member's roles decide), and every admin loader and action refusing anonymous and
 * USER requests (DESIGN.md §6, SPEC §4, §6).
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { user } from "~/db/schema/auth";
import { staff } from "~/db/schema/staff";
import { signedInWithCode } from "../../../tests/support/two-factor";

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "kva-session-"));
const run = Date.now().toString(36);
const ADMIN = { email: `admin-${run}@test.example`, password: "admin-password-123" };
const VIEWER = { email: `viewer-${run}@test.example`, password: "viewer-password-123" };
const ACCOUNTANT = { email: `accounts-${run}@test.example`, password: "accounts-password-123" };
process.env.ADMIN_EMAIL = ADMIN.email;

const { getDatabase } = await import("~/db/client.server");
const { ensureAdminAccount } = await import("./admin-account.server");
const { createAuth } = await import("./auth.server");
const { getSessionUser, requirePermission, requireStaff, signInWithPassword, signOut } = await import("./session.server");

const ORIGIN = "http://localhost:3000";

function request(path: string, init: { cookie?: string; method?: string; body?: URLSearchParams } = {}): Request {
  const headers = new Headers({ origin: ORIGIN, "user-agent": "vitest" });
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, body: init.body });
}

/** The name=value part of the session cookie a response sets. */
function sessionCookie(headers: Headers): string {
  const line = headers.getSetCookie().find((c) => c.includes("session_token="));
  expect(line).toBeDefined();
  return line!.split(";")[0]!;
}

async function signedIn(account: { email: string; password: string }, ip = "203.0.113.7"): Promise<string> {
  const result = await signInWithPassword({ ...account, ip, request: request("/admin/login", { method: "POST" }) });
  // An account whose second factor an earlier test set up answers its code as well.
  if (!result.ok && result.reason === "second-factor") return signedInWithCode(account, ip);
  expect(result.ok).toBe(true);
  return sessionCookie((result as { headers: Headers }).headers);
}

/** What a loader or action did: returned data, or threw a redirect / error response. */
async function outcome(call: () => Promise<unknown>): Promise<{ kind: "data" | "redirect" | "status"; status?: number; location?: string }> {
  try {
    const value = await call();
    if (value instanceof Response && value.status >= 300 && value.status < 400) return { kind: "redirect", location: value.headers.get("location") ?? "" };
    return { kind: "data" };
  } catch (thrown) {
    if (thrown instanceof Response) return { kind: "redirect", status: thrown.status, location: thrown.headers.get("location") ?? "" };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { kind: "status", status: init.status };
    throw thrown;
  }
}

describe("administrator sessions", () => {
  beforeAll(async () => {
    await getDatabase();
    await ensureAdminAccount(ADMIN);
    await ensureAdminAccount(VIEWER);
    await ensureAdminAccount(ACCOUNTANT);
    const { db } = await getDatabase();
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, ACCOUNTANT.email));
    await db.insert(staff).values({ userId: row!.id, roles: ["accounts"] });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await (await getDatabase()).close();
  });

  it("sets an HttpOnly, SameSite=Lax session cookie for 30 minutes; Secure with the __Secure- prefix in production", async () => {
    const result = await signInWithPassword({ ...ADMIN, ip: "203.0.113.1", request: request("/admin/login", { method: "POST" }) });
    const line = (result as { headers: Headers }).headers.getSetCookie().find((c) => c.includes("session_token="))!;
    expect(line).toMatch(/^kva\.session_token=/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Max-Age=1800/);
    expect(line).not.toMatch(/; Secure/);

    const production = createAuth({ db: (await getDatabase()).db, baseURL: "https://www.kva-school.example", secret: "s".repeat(40), secureCookies: true });
    const { headers } = await production.api.signInEmail({ body: { ...ADMIN, rememberMe: true }, headers: new Headers(), returnHeaders: true });
    const secure = headers.getSetCookie().find((c) => c.includes("session_token="))!;
    expect(secure).toMatch(/^__Secure-kva\.session_token=/);
    expect(secure).toMatch(/; Secure/);
    expect(secure).toMatch(/; HttpOnly/);
  });

  it("issues a new session id at every sign-in, even when the browser sends an old one", async () => {
    const first = await signedIn(ADMIN);
    const result = await signInWithPassword({ ...ADMIN, ip: "203.0.113.7", request: request("/admin/login", { method: "POST", cookie: first }) });
    const second = sessionCookie((result as { headers: Headers }).headers);
    expect(second).not.toBe(first);
    expect((await getSessionUser(request("/admin", { cookie: second })))?.user).toMatchObject({ email: ADMIN.email, role: "ADMIN" });
  });

  it("rejects the old session after sign-out", async () => {
    const cookie = await signedIn(ADMIN);
    expect(await getSessionUser(request("/admin", { cookie }))).not.toBeNull();
    const cleared = await signOut(request("/admin/logout", { method: "POST", cookie }));
    expect(cleared.getSetCookie().join("\n")).toMatch(/session_token=; Max-Age=0/);
    expect(await getSessionUser(request("/admin", { cookie }))).toBeNull();
    await expect(outcome(() => requirePermission(request("/admin/enquiries", { cookie }), "enquiries.view"))).resolves.toMatchObject({ kind: "redirect", location: "/admin/login?redirectTo=%2Fadmin%2Fenquiries" });
  });

  it("lets a staff member through only with a permission one of their roles grants", async () => {
    // Accounts must sign in with a second factor: until it is set up, its page comes first.
    const passwordOnly = await signedIn(ACCOUNTANT);
    await expect(outcome(() => requirePermission(request("/admin/fees", { cookie: passwordOnly }), "fees.manage"))).resolves.toMatchObject({
      kind: "redirect",
      location: "/admin/account/two-factor?reason=required&redirectTo=%2Fadmin%2Ffees",
    });
    const cookie = await signedInWithCode(ACCOUNTANT);
    const session = await requirePermission(request("/admin/fees", { cookie }), "fees.manage");
    expect(session.user).toMatchObject({ email: ACCOUNTANT.email, role: "USER", owner: false, roles: ["accounts"] });
    expect(session.user.permissions).toContain("fees.manage");
    await expect(outcome(() => requirePermission(request("/admin/applications", { cookie }), "applications.view"))).resolves.toEqual({ kind: "status", status: 403 });
    await expect(outcome(() => requirePermission(request("/admin/messages/templates", { method: "POST", cookie }), "settings.manage"))).resolves.toEqual({ kind: "status", status: 403 });
    // The owner holds every permission; a signed-in address with no staff roles holds none.
    await expect(requirePermission(request("/admin/applications", { cookie: await signedInWithCode(ADMIN) }), "applications.manage")).resolves.toMatchObject({ user: { owner: true } });
    const nobody = await signedIn(VIEWER);
    await expect(outcome(() => requirePermission(request("/admin/fees", { cookie: nobody }), "fees.view"))).resolves.toEqual({ kind: "status", status: 403 });
  });

  it("admits any staff member to the admin frame, and nobody without a permission", async () => {
    await expect(requireStaff(request("/admin", { cookie: await signedInWithCode(ACCOUNTANT) }))).resolves.toMatchObject({ user: { email: ACCOUNTANT.email } });
    const nobody = await signedIn(VIEWER);
    await expect(outcome(() => requireStaff(request("/admin", { cookie: nobody })))).resolves.toEqual({ kind: "status", status: 403 });
    await expect(outcome(() => requireStaff(request("/admin/fees")))).resolves.toMatchObject({ kind: "redirect", location: "/admin/login?redirectTo=%2Fadmin%2Ffees" });
  });

  it("rejects a session idle for 30 minutes on the server, and keeps an active one alive", async () => {
    const idle = await signedIn(ADMIN);
    const active = await signedIn(ADMIN);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start + 20 * 60_000 });
    // Twenty minutes in, the active session is used: its expiry slides forward.
    const touched = await getSessionUser(request("/admin", { cookie: active }));
    expect(touched).not.toBeNull();
    vi.setSystemTime(start + 31 * 60_000);
    expect(await getSessionUser(request("/admin", { cookie: idle }))).toBeNull();
    expect(await getSessionUser(request("/admin", { cookie: active }))).not.toBeNull();
    vi.setSystemTime(start + 51 * 60_000);
    expect(await getSessionUser(request("/admin", { cookie: active }))).not.toBeNull();
    vi.setSystemTime(start + 82 * 60_000);
    expect(await getSessionUser(request("/admin", { cookie: active }))).toBeNull();
  });

  it("strangers failing from four addresses never lock the administrator out", async () => {
    // As reported: four addresses, each under the 30-posts-in-10-minutes limit (one post every
    // 20 s), guessing the one admin account for two hours.
    const owner = { email: `owner-a-${run}@test.example`, password: "owner-password-a1" };
    await ensureAdminAccount(owner);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const outcomes = { invalid: 0, throttled: 0 };
    for (let step = 0; step < 360; step++) {
      vi.setSystemTime(start + step * 20_000);
      const ip = `198.51.100.${10 + (step % 4)}`;
      const result = await signInWithPassword({ email: owner.email, password: `guess-${step}`, ip, request: request("/admin/login", { method: "POST" }) });
      expect(result.ok).toBe(false);
      outcomes[(result as { reason: "invalid" | "throttled" }).reason]++;
    }
    // The guessing was slowed down (a growing delay per address)...
    expect(outcomes.invalid).toBeLessThan(100);
    expect(outcomes.throttled).toBeGreaterThan(200);
    // ...and the administrator, from the school's own address, signs in at once.
    vi.setSystemTime(start + 360 * 20_000);
    expect((await signInWithPassword({ ...owner, ip: "203.0.113.50", request: request("/admin/login", { method: "POST" }) })).ok).toBe(true);
  });

  it("past 100 failures an hour on the account, strangers are refused but the administrator's own browser still signs in", async () => {
    const owner = { email: `owner-b-${run}@test.example`, password: "owner-password-b1" };
    await ensureAdminAccount(owner);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    // The administrator's browser signed in before: it holds a device cookie for the account.
    const first = await signInWithPassword({ ...owner, ip: "203.0.113.60", request: request("/admin/login", { method: "POST" }) });
    expect(first.ok).toBe(true);
    const device = (first as { headers: Headers }).headers.getSetCookie().find((c) => c.includes("kva.device="))!.split(";")[0]!;
    // 100 addresses fail once each (ASVS 2.2.1's hourly limit for the account).
    for (let i = 0; i < 100; i++) {
      vi.setSystemTime(start + 1000 + i * 100);
      const result = await signInWithPassword({ email: owner.email, password: "wrong-password", ip: `192.0.2.${i + 1}`, request: request("/admin/login", { method: "POST" }) });
      expect(result).toEqual({ ok: false, reason: "invalid" });
    }
    vi.setSystemTime(start + 20_000);
    // A 101st stranger is refused without a password check, even with the right password...
    const stranger = await signInWithPassword({ ...owner, ip: "192.0.2.200", request: request("/admin/login", { method: "POST" }) });
    expect(stranger).toMatchObject({ ok: false, reason: "throttled" });
    expect((stranger as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(59 * 60_000);
    // ...the administrator's browser is not, from any address.
    expect((await signInWithPassword({ ...owner, ip: "192.0.2.201", request: request("/admin/login", { method: "POST", cookie: device }) })).ok).toBe(true);
    // An hour later strangers may try again.
    vi.setSystemTime(start + 1000 + 99 * 100 + 60 * 60_000 + 1);
    expect((await signInWithPassword({ ...owner, ip: "192.0.2.202", request: request("/admin/login", { method: "POST" }) })).ok).toBe(true);
  });

  describe("every admin loader and action", () => {
    const modules = import.meta.glob<Record<string, unknown>>("/app/routes/admin/*.{ts,tsx}", { eager: true });
    // The second sign-in step is before any session; the second factor's own page is for anyone signed in.
    const guarded = Object.entries(modules).filter(([file]) => !/\/(login|login-code|logout)\.tsx$/.test(file) && !file.includes(".test."));
    const calls = guarded.flatMap(([file, mod]) =>
      (["loader", "action"] as const)
        .filter((name) => typeof mod[name] === "function")
        .map((name) => ({ label: `${file.split("/").pop()} ${name}`, fn: mod[name] as (args: unknown) => Promise<unknown>, method: name === "action" ? "POST" : "GET" })),
    );

    it("covers the admin routes", () => {
      expect(calls.map((c) => c.label)).toEqual(expect.arrayContaining(["dashboard.tsx loader", "enquiries.tsx loader", "enquiries.tsx action", "enquiries-export.ts loader", "layout.tsx loader"]));
    });

    it.each(calls)("$label sends an anonymous visitor to the login screen", async ({ fn, method }) => {
      const body = method === "POST" ? new URLSearchParams({ intent: "contacted", id: "1", note: "x" }) : undefined;
      const result = await outcome(() => fn({ request: request("/admin/enquiries", { method, body }), params: {}, context: { cspNonce: "", clientIp: "127.0.0.1" } }));
      expect(result).toMatchObject({ kind: "redirect" });
      expect(result.location).toMatch(/^\/admin\/login\?redirectTo=/);
    });

    it.each(calls.filter((c) => !c.label.startsWith("account-two-factor.tsx")))("$label answers a USER with 403", async ({ fn, method }) => {
      const cookie = await signedIn(VIEWER);
      const body = method === "POST" ? new URLSearchParams({ intent: "contacted", id: "1", note: "x" }) : undefined;
      const result = await outcome(() => fn({ request: request("/admin/enquiries", { method, body, cookie }), params: {}, context: { cspNonce: "", clientIp: "127.0.0.1" } }));
      expect(result).toEqual({ kind: "status", status: 403 });
    });

    it("opens the second factor's page, in its frame, to anyone signed in", async () => {
      const cookie = await signedIn(VIEWER);
      const args = { request: request("/admin/account/two-factor", { cookie }), params: {}, context: { cspNonce: "", clientIp: "127.0.0.1" } };
      const layout = modules["/app/routes/admin/layout.tsx"]!.loader as (a: unknown) => Promise<unknown>;
      const page = modules["/app/routes/admin/account-two-factor.tsx"]!.loader as (a: unknown) => Promise<unknown>;
      await expect(outcome(() => layout(args))).resolves.toEqual({ kind: "data" });
      await expect(outcome(() => page(args))).resolves.toEqual({ kind: "data" });
    });
  });
});
